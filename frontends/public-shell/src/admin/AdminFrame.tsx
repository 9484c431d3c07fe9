/**
 * What /admin/* shows before the admin remote has loaded: the frame of the
 * screen that is coming (the login card, or the sidebar and top bar), in the
 * remote's layout and colours, so the first paint is the page's shape rather
 * than a spinner and nothing moves when the remote takes over (issue 8 §6).
 * Server-rendered, and the Suspense fallback while the remote loads. Nothing
 * in it can be typed into or clicked: the remote replaces it whole.
 */
export function AdminFrame({ path }: { path: string }) {
  return path.replace(/\/+$/, '') === '/admin/login' ? <LoginFrame /> : <ShellFrame />;
}

const LOADING = 'Loading admin dashboard...';

function LoginFrame() {
  return (
    <div className="admin-frame admin-frame--login" aria-busy="true">
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
        <div className="admin-frame__form" aria-hidden>
          {[0, 1].map((field) => (
            <span key={field} className="admin-frame__field">
              <span className="admin-frame__label" />
              <span className="admin-frame__input" />
            </span>
          ))}
          <span className="admin-frame__button" />
        </div>
        <p className="sr-only" role="status">
          {LOADING}
        </p>
      </div>
    </div>
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
