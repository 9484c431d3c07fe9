import { ArrowRight, CircleAlert, House } from 'lucide-react';
import { CallLink } from '../home/CallAction';
import { StatusCard } from './StatusCard';
import { ClinicHomeLink } from '../home/ClinicBrand';
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
  const { services } = state;
  return (
    <StatusCard
      cardClass="status-card--wide"
      brand={<ClinicHomeLink className="status-card__brand" />}
      icon={CircleAlert}
      title="404 Page Not Found"
      text="Did you forget to add the page to the router?"
    >
      <div className="status-card__actions">
        <a href={clinicHref(state, '/')} className="btn btn--brand">
          <House size={18} aria-hidden />
          Back to home
        </a>
        <CallLink />
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
    </StatusCard>
  );
}
