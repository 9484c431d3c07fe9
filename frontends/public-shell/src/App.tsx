import { ErrorBoundary } from './components/ErrorBoundary';
import { NotFoundPage } from './components/NotFoundPage';
import { HomePage } from './home/HomePage';
import type { PublicPageKind } from './routes';

/**
 * A public page. The server picks the kind from the path (routes.ts) and
 * writes it into `<html data-page>`, where the browser reads it back: every
 * public page is a full page load, so no client router is needed.
 */
export function App({ kind }: { kind: PublicPageKind }) {
  return <ErrorBoundary resetKey={kind}>{kind === 'home' ? <HomePage /> : <NotFoundPage />}</ErrorBoundary>;
}
