import { ADMIN_LOGIN_IDS } from '@hap/contracts';

/**
 * What /admin/* and the clinic portal's /portal/* show before
 * the remote has loaded: the frame of the
 * screen that is coming (the login card, or the sidebar and top bar), in the
 * remote's layout and colours, so the first paint is the page's shape rather
 * than a spinner and nothing moves when the remote takes over.
 * Server-rendered, and the Suspense fallback while the remote loads.
 *
 * The login card is a real form: the page loads the admin only when the
 * visitor acts (the boot loader, contracts page-boot.ts), so the form is
 * there to type into at once; the remote's form takes over what was typed,
 * the focus and a submission held meanwhile (contracts admin-login-frame.ts,
 * admin-remote LoginPage). The fields have no `name`: nothing typed here can
 * ever travel in a URL. The shell's sidebar frame cannot be used: the remote
 * replaces it whole.
 */
export function AdminFrame({ path }: { path: string }) {
  const portal = appOfPath(path) === 'PortalApp';
  if (isLoginFramePath(path)) return portal ? <LoginFrame {...PORTAL_LOGIN} /> : <LoginFrame {...ADMIN_LOGIN} />;
  if (portal && isPortalCardPath(path)) return <CardFrame />;
  return <ShellFrame title={portal ? 'Clinic Portal' : 'Admin Dashboard'} loading={portal ? 'Loading your clinic portal...' : LOADING} />;
}

const trimmed = (path: string) => path.replace(/\/+$/, '').toLowerCase();

/** The remote module a path renders: the clinic portal under /portal, the admin otherwise. */
export const appOfPath = (path: string): 'AdminApp' | 'PortalApp' => (/^\/portal(\/|$)/i.test(path) ? 'PortalApp' : 'AdminApp');

/** `/admin/login`, with or without a trailing slash: the page whose admin waits for the visitor. */
export const isAdminLoginPath = (path: string) => trimmed(path) === '/admin/login';

/** A login page (the admin's or the portal's): its card is a working form, and the app waits for the visitor. */
export const isLoginFramePath = (path: string) => isAdminLoginPath(path) || trimmed(path) === '/portal/login';

/** The portal's card pages reached from an e-mail: accepting an invitation, choosing a new password. */
const isPortalCardPath = (path: string) => ['/portal/accept-invite', '/portal/reset-password', '/portal/forgot-password'].includes(trimmed(path));

const LOADING = 'Loading admin dashboard...';

interface LoginWords {
  title: string;
  subtitle: string;
  placeholder: string;
}
const ADMIN_LOGIN: LoginWords = { title: 'Admin Login', subtitle: 'Sign in to manage clients, services and campaigns.', placeholder: 'admin@example.com' };
const PORTAL_LOGIN: LoginWords = { title: 'Clinic Portal', subtitle: 'Sign in to see your leads and results.', placeholder: 'you@yourclinic.com' };

function Brand() {
  return (
    <div className="admin-frame__brand">
      <span className="admin-frame__mark" aria-hidden>
        HA
      </span>
      <span>Health Ads Platform</span>
    </div>
  );
}

function LoginFrame({ title, subtitle, placeholder }: LoginWords) {
  return (
    <main className="admin-frame admin-frame--login">
      <Brand />
      <div className="admin-frame__card">
        <div className="admin-frame__icon" aria-hidden />
        <h1 className="admin-frame__title">{title}</h1>
        <p className="admin-frame__subtitle">{subtitle}</p>
        <form id={ADMIN_LOGIN_IDS.frameForm} className="admin-frame__form" noValidate>
          <div className="admin-frame__field">
            <label htmlFor={ADMIN_LOGIN_IDS.email} className="admin-frame__label">
              Email
            </label>
            <input id={ADMIN_LOGIN_IDS.email} type="email" autoComplete="username" placeholder={placeholder} className="admin-frame__input" />
          </div>
          <div className="admin-frame__field">
            <label htmlFor={ADMIN_LOGIN_IDS.password} className="admin-frame__label">
              Password
            </label>
            <input id={ADMIN_LOGIN_IDS.password} type="password" autoComplete="current-password" className="admin-frame__input" />
          </div>
          <button type="submit" className="admin-frame__button">
            Login
          </button>
        </form>
        {/* The remote's passkey sign-in, in its place: nothing moves when the remote takes over. Pressing it loads the admin. */}
        <p className="admin-frame__or">or</p>
        <button type="button" className="admin-frame__button admin-frame__button--secondary">
          <span className="admin-frame__button-icon" aria-hidden />
          Sign in with a passkey
        </button>
      </div>
    </main>
  );
}

/** The card of a page reached from an e-mail link, while the portal loads. */
function CardFrame() {
  return (
    <main className="admin-frame admin-frame--login" aria-busy="true">
      <Brand />
      <div className="admin-frame__card">
        <p className="admin-loading" role="status">
          <span className="admin-loading__spinner" aria-hidden />
          Loading...
        </p>
      </div>
    </main>
  );
}

function ShellFrame({ title, loading }: { title: string; loading: string }) {
  return (
    <div className="admin-frame admin-frame--shell" aria-busy="true">
      <div className="admin-frame__sidebar" aria-hidden>
        <div className="admin-frame__brand">
          <span className="admin-frame__mark">HA</span>
          <span>Health Ads Platform</span>
        </div>
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="admin-frame__nav" />
        ))}
      </div>
      <div className="admin-frame__topbar">{title}</div>
      <div className="admin-frame__main">
        <p className="admin-loading" role="status">
          <span className="admin-loading__spinner" aria-hidden />
          {loading}
        </p>
      </div>
    </div>
  );
}
