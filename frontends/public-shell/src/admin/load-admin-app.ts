import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type * as AdminAppModule from 'admin/AdminApp';
import { ADMIN_APP_MODULE, ADMIN_REMOTE_NAME } from '../../../shared/federation-shared.mts';
import { CONFIG_SCRIPT_ID, DEFAULT_ADMIN_REMOTE_URL, type RuntimeConfig } from '../state/page-state';
import { readJsonScript } from '../state/read-json-script';

const ADMIN_LOAD_FAILED = 'The admin dashboard could not be loaded. Please check your connection and try again.';

/**
 * Registers the admin remote at the URL the server put in the page's runtime
 * config (ADMIN_REMOTE_URL), then loads its AdminApp. Browser only; the host's
 * federation runtime was initialised with the shared singletons before the app started.
 */
export async function loadAdminApp(): Promise<{ default: typeof AdminAppModule.default }> {
  const config = readJsonScript<RuntimeConfig>(CONFIG_SCRIPT_ID);
  const entry = config?.adminRemoteUrl || DEFAULT_ADMIN_REMOTE_URL;
  registerRemotes([{ name: ADMIN_REMOTE_NAME, entry, type: 'module' }]);
  let remote: typeof AdminAppModule | null;
  try {
    remote = await loadRemote<typeof AdminAppModule>(ADMIN_APP_MODULE);
  } catch (error) {
    // The runtime's message is for developers; the error screen shows a sentence for people.
    console.error(`Loading ${ADMIN_APP_MODULE} from ${entry} failed`, error);
    remote = null;
  }
  if (!remote?.default) throw new Error(ADMIN_LOAD_FAILED);
  return { default: remote.default };
}
