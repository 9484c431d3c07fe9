/** The placeholder of /admin/*: rendered by the server, kept while the remote loads. */
export function AdminLoading() {
  return (
    <div className="admin-loading" role="status" aria-live="polite">
      <span className="admin-loading__spinner" aria-hidden />
      Loading admin dashboard...
    </div>
  );
}
