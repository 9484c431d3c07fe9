import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { AppProviders, createQueryClient } from './AppProviders';
import { ErrorScreen } from './components/ErrorScreen';
import { fallbackBranding } from './state/branding';
import { STATE_SCRIPT_ID, type PageState } from './state/page-state';
import { readJsonScript } from './state/read-json-script';
import './styles/site.css';

const container = document.getElementById('root');
const serverState = readJsonScript<PageState>(STATE_SCRIPT_ID);
const state: PageState = serverState ?? {
  client: fallbackBranding(),
  clientSource: 'fallback',
  services: [],
  year: new Date().getFullYear(),
};

const app = (
  <StrictMode>
    <AppProviders state={state} queryClient={createQueryClient()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

if (container) {
  if (document.documentElement.dataset.page === 'error') {
    // The server could not render the page and sent only the error screen.
    hydrateRoot(container, <ErrorScreen />);
  } else if (serverState) {
    hydrateRoot(container, app);
  } else {
    // No server state (index.html opened without the server): render from scratch.
    createRoot(container).render(app);
  }
}
