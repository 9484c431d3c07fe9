import { QueryClientProvider } from '@tanstack/react-query';
import type * as AdminAppModule from 'admin/AdminApp';
import { ADMIN_APP_MODULE } from '../../../shared/federation-shared.mts';
import { CONFIG_SCRIPT_ID, DEFAULT_ADMIN_REMOTE_URL, type RuntimeConfig } from '../state/page-state';
import { readJsonScript } from '../state/read-json-script';
import { hostFederation } from './host-federation';
import { createQueryClient } from './query-client';

const ADMIN_LOAD_FAILED = 'The admin dashboard could not be loaded. Please check your connection and try again.';

/**
 * The one QueryClient of the page, created with this chunk (so only on /admin)
 * and kept while the page lives: leaving /admin and coming back keeps the cache.
 * The remote reads it with useQueryClient(), which works because react-query is
 * a federation singleton (the remote uses the host's copy, see host-federation.ts).
 */
const queryClient = createQueryClient();

/**
 * Starts the host's federation runtime with the remote at the URL the server
 * put in the page's runtime config (ADMIN_REMOTE_URL), loads its AdminApp and
 * wraps it in the host's QueryClientProvider. Browser only; this module and
 * everything it imports (the federation runtime, react-query) is a lazy chunk
 * that only /admin loads.
 */
export async function loadAdminApp(): Promise<{ default: typeof AdminAppModule.default }> {
  const config = readJsonScript<RuntimeConfig>(CONFIG_SCRIPT_ID);
  const entry = config?.adminRemoteUrl || DEFAULT_ADMIN_REMOTE_URL;
  let remote: typeof AdminAppModule | null;
  try {
    remote = await hostFederation(entry).loadRemote<typeof AdminAppModule>(ADMIN_APP_MODULE);
  } catch (error) {
    // The runtime's message is for developers; the error screen shows a sentence for people.
    console.error(`Loading ${ADMIN_APP_MODULE} from ${entry} failed`, error);
    remote = null;
  }
  if (!remote?.default) throw new Error(ADMIN_LOAD_FAILED);
  const RemoteAdminApp = remote.default;
  function AdminApp() {
    return (
      <QueryClientProvider client={queryClient}>
        <RemoteAdminApp />
      </QueryClientProvider>
    );
  }
  return { default: AdminApp };
}
