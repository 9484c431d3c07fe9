import type { ComponentType } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary';

/**
 * A public page: the view the server chose (pages/views.ts), inside the
 * error fallback. Every public page is a full page load, so no client router.
 */
export function App({ Page, view }: { Page: ComponentType; view: string }) {
  return (
    <ErrorBoundary resetKey={view}>
      <Page />
    </ErrorBoundary>
  );
}
