import { ADMIN_LOGIN_IDS } from '@hap/contracts';

/**
 * What /admin/* shows before the admin remote has loaded: the frame of the
 * screen that is coming (the login card, or the sidebar and top bar), in the
 * remote's layout and colours, so the first paint is the page's shape rather
 * than a spinner and nothing moves when the remote takes over (issue 8 §6).
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
  return isAdminLoginPath(path) ? <LoginFrame /> : <ShellFrame />;
}

/** `/admin/login`, with or without a trailing slash: the page whose admin waits for the visitor. */
export const isAdminLoginPath = (path: string) => path.replace(/\/+$/, '') === '/admin/login';

const LOADING = 'Loading admin dashboard...';

function LoginFrame() {
  return (
    <main className="admin-frame admin-frame--login">
      <div className="admin-frame__brand">
        <span className="admin-frame__mark" aria-hidden>
          HA
        </span>
        <span>Health Ads Platform</span>
      </div>
      <div className="admin-frame__card">
        <div className="admin-frame__icon" aria-hidden />
        <h1 className="admin-frame__title">Admin Login</h1>
        <p className="admin-frame__subtitle">Sign in to manage clients, services and campaigns.</p>
        <form id={ADMIN_LOGIN_IDS.frameForm} className="admin-frame__form" noValidate>
          <div className="admin-frame__field">
            <label htmlFor={ADMIN_LOGIN_IDS.email} className="admin-frame__label">
              Email
            </label>
            <input id={ADMIN_LOGIN_IDS.email} type="email" autoComplete="username" placeholder="admin@example.com" className="admin-frame__input" />
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
      </div>
    </main>
  );
}

function ShellFrame() {
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
      <div className="admin-frame__topbar">Admin Dashboard</div>
      <div className="admin-frame__main">
        <p className="admin-loading" role="status">
          <span className="admin-loading__spinner" aria-hidden />
          {LOADING}
        </p>
      </div>
    </div>
  );
}
