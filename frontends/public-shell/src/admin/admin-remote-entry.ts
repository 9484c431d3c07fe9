import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { ADMIN_REMOTE_NAME } from '../../../shared/federation-shared.mts';
import { CONFIG_SCRIPT_ID, type RuntimeConfig } from '../state/page-state';
import { readJsonScript } from '../state/read-json-script';

/**
 * A federation runtime plugin (vite.admin.config.ts `runtimePlugins`): when
 * the server's runtime config names the admin remote's address
 * (ADMIN_REMOTE_URL: a remoteEntry.js or an mf-manifest.json), the remote is
 * registered at that address instead of the build's default. The plugin
 * registers the remote under an internal name with `admin` as its alias, so
 * both are matched.
 *
 * A default export because the federation plugin imports runtime plugins so.
 */
export default function adminRemoteEntry(): ModuleFederationRuntimePlugin {
  const configured = readJsonScript<RuntimeConfig>(CONFIG_SCRIPT_ID)?.adminRemoteUrl;
  return {
    name: 'hap-admin-remote-entry',
    beforeRegisterRemote(args) {
      const { remote } = args;
      const isAdmin = remote.name === ADMIN_REMOTE_NAME || ('alias' in remote && remote.alias === ADMIN_REMOTE_NAME);
      if (configured && isAdmin && 'entry' in remote) remote.entry = new URL(configured, window.location.href).href;
      return args;
    },
  };
}
