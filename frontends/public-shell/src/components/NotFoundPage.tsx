import { ArrowRight, CircleAlert, House, Phone } from 'lucide-react';
import { ClinicBrand } from '../home/ClinicBrand';
import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';

/**
 * docs/public-site.md#pages-and-routes not-found screen ('404 Page Not Found', asking whether the
 * page was added to the router); the server answers it with HTTP 404. It
 * still shows the clinic, its phone, the way home and its services: an ad
 * click never dead-ends.
 */
export function NotFoundPage() {
  const state = usePageState();
  const { client, services } = state;
  return (
    <main className="status-page">
      <div className="status-card status-card--wide">
        <a href={clinicHref(state, '/')} className="status-card__brand" aria-label={`${client.name} home`}>
          <ClinicBrand variant="header" />
        </a>
        <CircleAlert className="status-card__icon status-card__icon--danger" size={40} aria-hidden />
        <h1 className="status-card__title">404 Page Not Found</h1>
        <p className="status-card__text">Did you forget to add the page to the router?</p>
        <div className="status-card__actions">
          <a href={clinicHref(state, '/')} className="btn btn--brand">
            <House size={18} aria-hidden />
            Back to home
          </a>
          {client.phone && (
            <a href={telHref(client.phone)} className="btn btn--outline-brand">
              <Phone size={18} aria-hidden />
              Call {client.phone}
            </a>
          )}
        </div>
        {services.length > 0 && (
          <nav className="status-card__services" aria-labelledby="not-found-services">
            <h2 id="not-found-services" className="status-card__subtitle">
              Our services
            </h2>
            <ul>
              {services.map((service) => (
                <li key={service.slug}>
                  <a href={clinicHref(state, `/${encodeURIComponent(service.slug)}`)}>
                    {service.name}
                    <ArrowRight size={16} aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </main>
  );
}
