import { ArrowRight, Phone, Sparkles } from 'lucide-react';
import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';
import { telHref } from './contact-links';

export function ServicesSection() {
  const state = usePageState();
  const { client, services } = state;
  return (
    <section id="services" className="section" aria-labelledby="services-title">
      <div className="container">
        <header className="section__header">
          <h2 id="services-title" className="section__title">
            Our Services
          </h2>
          <p className="section__intro">Explore the treatments and programs available at {client.name}.</p>
        </header>
        {services.length > 0 ? (
          <ul className="service-grid">
            {services.map((service) => (
              <li key={service.slug} className="service-card">
                <h3 className="service-card__title">{service.name}</h3>
                <p className="service-card__text">{service.description}</p>
                <a className="service-card__link" href={clinicHref(state, `/${service.slug}`)}>
                  Learn More
                  <ArrowRight size={16} aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <NoServices />
        )}
      </div>
    </section>
  );
}

/** public spec §2: no services yet → new ones are being prepared, with a 'Contact Us' phone link. */
function NoServices() {
  const { client } = usePageState();
  return (
    <div className="empty-services">
      <Sparkles className="empty-services__icon" size={32} aria-hidden />
      <h3 className="empty-services__title">New services are being prepared</h3>
      <p className="empty-services__text">
        We are putting the finishing touches on our treatment programs. Contact us to learn what we can do for
        you today.
      </p>
      {client.phone ? (
        <a className="btn btn--brand" href={telHref(client.phone)}>
          <Phone size={18} aria-hidden />
          Contact Us
        </a>
      ) : (
        <a className="btn btn--brand" href="#contact">
          Contact Us
        </a>
      )}
    </div>
  );
}
