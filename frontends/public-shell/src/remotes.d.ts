/** Types of the modules the admin remote exposes (frontends/admin-remote/src/AdminApp.tsx). */
declare module 'admin/AdminApp' {
  import type { ComponentType } from 'react';

  export const AdminApp: ComponentType;
  const AdminAppDefault: ComponentType;
  export default AdminAppDefault;
}
