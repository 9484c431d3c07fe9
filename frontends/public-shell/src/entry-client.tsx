import { REPLAY_CLICK_ATTRIBUTE } from '@hap/contracts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { ErrorScreen } from './components/ErrorScreen';
import { CLIENT_PAGES } from './pages/client-pages';
import { hydrationMoment, INTERACTION_EVENTS, type HydrationMoment } from './pages/hydration';
import { PAGE_VIEWS, type PageView } from './pages/views';
import { defaultBranding } from './state/branding';
import { STATE_SCRIPT_ID, stateWithoutContent, type PageState } from './state/page-state';
import { readJsonScript } from './state/read-json-script';
import './styles/site.css';

const container = document.getElementById('root');
const serverState = readJsonScript<PageState>(STATE_SCRIPT_ID);
// Not fallbackBranding(): its brand table would bring the contracts' zod schemas (see branding.ts).
const state: PageState =
  serverState ?? stateWithoutContent({ kind: 'home' }, defaultBranding(), window.location.origin, new Date().getFullYear());
// The server wrote which view this is (entry-server.tsx); index.html opened without it is the home page.
const rendered = document.documentElement.dataset.page;
const view: PageView = PAGE_VIEWS.find((v) => v === rendered) ?? 'home';

/**
 * Resolves when the page should come alive (pages/hydration.ts): at once, or
 * at the visitor's first touch, key press or focus, or when an image fails to
 * load (its fallback replaces the broken image only on a live page).
 */
function untilNeeded(moment: HydrationMoment): Promise<void> {
  // The boot loader (contracts page-boot.ts) brought this script because the visitor acted already.
  if (moment === 'load' || document.documentElement.hasAttribute('data-acted')) return Promise.resolve();
  return new Promise((resolve) => {
    const controller = new AbortController();
    const go = () => {
      controller.abort();
      resolve();
    };
    const listen = { capture: true, passive: true, signal: controller.signal };
    for (const type of INTERACTION_EVENTS) document.addEventListener(type, go, listen);
    // Image errors do not bubble, but a capturing listener on the document sees them.
    document.addEventListener('error', (event) => event.target instanceof HTMLImageElement && go(), listen);
    // One that failed before this script ran.
    if ([...document.images].some((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src'))) go();
  });
}

async function start(root: HTMLElement) {
  if (rendered === 'error') {
    // The server could not render the page and sent only the error screen.
    hydrateRoot(root, <ErrorScreen />);
    return;
  }
  const Page = await CLIENT_PAGES[view](state);
  await untilNeeded(serverState ? hydrationMoment(view, state, window.location.search) : 'load');
  const app = (
    <StrictMode>
      <AppProviders state={state}>
        <App Page={Page} view={view} />
      </AppProviders>
    </StrictMode>
  );
  // A button pressed while the page was not live yet (contracts page-boot.ts): pressed again below.
  const pressed = document.querySelector<HTMLElement>(`[${REPLAY_CLICK_ATTRIBUTE}]`);
  pressed?.removeAttribute(REPLAY_CLICK_ATTRIBUTE);
  // No server state (index.html opened without the server): render from scratch.
  if (serverState) hydrateRoot(root, app);
  else createRoot(root).render(app);
  document.documentElement.setAttribute('data-live', '');
  if (pressed?.isConnected) pressed.click();
}

if (container) {
  start(container).catch((error: unknown) => {
    // The page's chunk did not load (a deploy replaced it, the network dropped): the server's HTML stays readable.
    console.error('Page script failed to load', error);
  });
}
