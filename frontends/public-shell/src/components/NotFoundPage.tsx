import { CircleAlert } from 'lucide-react';

/** public spec §2 not-found screen; the server answers it with HTTP 404. */
export function NotFoundPage() {
  return (
    <main className="status-page">
      <div className="status-card">
        <CircleAlert className="status-card__icon status-card__icon--danger" size={40} aria-hidden />
        <h1 className="status-card__title">404 Page Not Found</h1>
        <p className="status-card__text">Did you forget to add the page to the router?</p>
        <a href="/" className="btn btn--brand">
          Back to home
        </a>
      </div>
    </main>
  );
}
