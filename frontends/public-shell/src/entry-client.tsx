import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { ErrorScreen } from './components/ErrorScreen';
import type { PublicPageKind } from './routes';
import { defaultBranding } from './state/branding';
import { STATE_SCRIPT_ID, type PageState } from './state/page-state';
import { readJsonScript } from './state/read-json-script';
import './styles/site.css';

const container = document.getElementById('root');
const serverState = readJsonScript<PageState>(STATE_SCRIPT_ID);
const state: PageState = serverState ?? {
  // Not fallbackBranding(): its brand table would bring the contracts' zod schemas (see branding.ts).
  client: defaultBranding(),
  clientSource: 'fallback',
  services: [],
  year: new Date().getFullYear(),
};
// The server wrote which page this is (entry-server.tsx); index.html opened without it is the home page.
const rendered = document.documentElement.dataset.page;
const kind: PublicPageKind = rendered === 'not-found' ? 'not-found' : 'home';

const app = (
  <StrictMode>
    <AppProviders state={state}>
      <App kind={kind} />
    </AppProviders>
  </StrictMode>
);

if (container) {
  if (rendered === 'error') {
    // The server could not render the page and sent only the error screen.
    hydrateRoot(container, <ErrorScreen />);
  } else if (serverState) {
    hydrateRoot(container, app);
  } else {
    // No server state (index.html opened without the server): render from scratch.
    createRoot(container).render(app);
  }
}
