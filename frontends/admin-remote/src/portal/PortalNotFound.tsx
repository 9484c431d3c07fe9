import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';

/** A portal address that shows nothing: said so, with the way back to the leads. */
export function PortalNotFound() {
  return (
    <section className="adm-card adm-empty">
      <CircleAlert size={32} aria-hidden className="adm-empty__icon adm-empty__icon--danger" />
      <h1 className="adm-empty__title">Page not found</h1>
      <p className="adm-empty__text">This page is not part of the clinic portal.</p>
      <Link to="/portal/leads" className="adm-button adm-button--secondary">
        Back to Leads
      </Link>
    </section>
  );
}
