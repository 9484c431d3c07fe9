import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';

/** docs/public-site.md#pages-and-routes: the not-found screen, inside the admin shell. */
export function AdminNotFound() {
  return (
    <section className="adm-card adm-empty">
      <CircleAlert size={32} aria-hidden className="adm-empty__icon adm-empty__icon--danger" />
      <h1 className="adm-empty__title">404 Page Not Found</h1>
      <p className="adm-empty__text">Did you forget to add the page to the router?</p>
      <Link to="/admin/clients" className="adm-button adm-button--secondary">
        Back to Clients
      </Link>
    </section>
  );
}
