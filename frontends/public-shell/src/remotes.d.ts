/** Types of the modules the admin remote exposes (frontends/admin-remote/src/AdminApp.tsx). */
declare module 'admin/AdminApp' {
  import type { ComponentType } from 'react';

  export const AdminApp: ComponentType;
  const AdminAppDefault: ComponentType;
  export default AdminAppDefault;
}

/** The clinic portal (frontends/admin-remote/src/portal/PortalApp.tsx). */
declare module 'admin/PortalApp' {
  import type { ComponentType } from 'react';

  export const PortalApp: ComponentType;
  const PortalAppDefault: ComponentType;
  export default PortalAppDefault;
}
