import { TriangleAlert } from 'lucide-react';

/**
 * 'Something went wrong', the message (or 'An unexpected error occurred') and
 * 'Try again', which reloads: a failed lazy chunk or remote only loads anew that way.
 */
export function ErrorScreen({ message }: { message?: string }) {
  return (
    <main className="status-page">
      <div className="status-card" role="alert">
        <TriangleAlert className="status-card__icon status-card__icon--danger" size={40} aria-hidden />
        <h1 className="status-card__title">Something went wrong</h1>
        <p className="status-card__text">{message || 'An unexpected error occurred'}</p>
        <button type="button" className="btn btn--brand" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </main>
  );
}
