import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { ErrorScreen } from './components/ErrorScreen';
import { CLIENT_PAGES } from './pages/client-pages';
import { PAGE_VIEWS, type PageView } from './pages/views';
import { defaultBranding } from './state/branding';
import { STATE_SCRIPT_ID, type PageState } from './state/page-state';
import { readJsonScript } from './state/read-json-script';
import './styles/site.css';

const container = document.getElementById('root');
const serverState = readJsonScript<PageState>(STATE_SCRIPT_ID);
const state: PageState = serverState ?? {
  // Not fallbackBranding(): its brand table would bring the contracts' zod schemas (see branding.ts).
  route: { kind: 'home' },
  client: defaultBranding(),
  clientSource: 'fallback',
  linkClientParam: true,
  services: [],
  servicesLoaded: false,
  staff: [],
  landing: null,
  landingError: null,
  origin: window.location.origin,
  year: new Date().getFullYear(),
};
// The server wrote which view this is (entry-server.tsx); index.html opened without it is the home page.
const rendered = document.documentElement.dataset.page;
const view: PageView = PAGE_VIEWS.find((v) => v === rendered) ?? 'home';

async function start(root: HTMLElement) {
  if (rendered === 'error') {
    // The server could not render the page and sent only the error screen.
    hydrateRoot(root, <ErrorScreen />);
    return;
  }
  const Page = await CLIENT_PAGES[view]();
  const app = (
    <StrictMode>
      <AppProviders state={state}>
        <App Page={Page} view={view} />
      </AppProviders>
    </StrictMode>
  );
  // No server state (index.html opened without the server): render from scratch.
  if (serverState) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

if (container) {
  start(container).catch((error: unknown) => {
    // The page's chunk did not load (a deploy replaced it, the network dropped): the server's HTML stays readable.
    console.error('Page script failed to load', error);
  });
}
