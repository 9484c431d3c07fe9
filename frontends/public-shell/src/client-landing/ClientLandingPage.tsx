import { CloudOff, ExternalLink } from 'lucide-react';
import { ServiceCard, ServicesNotice } from '../home/ServicesSection';
import { SiteFooter } from '../components/SiteFooter';
import { TopBar } from '../home/TopBar';
import { usePageState } from '../state/page-context';
import { ClosingCallToAction, LandingHero, WhyChooseUs } from './LandingSections';
import { landingServiceHref, landingServices, websiteHref } from './landing-services';

/**
 * docs/public-site.md#pages-and-routes client home page, reading B (the client landing page,
 * docs/public-site.md#home-pages: /standalone-client-home and /legacy-home): hero with trust
 * badges, why choose us, the services grid (the shared fallback services when
 * the clinic has none), a closing call to action. The server renders it with
 * the clinic known, so the spec's 'Loading client information...' never shows.
 */
export function ClientLandingPage() {
  return (
    <div className="site">
      <TopBar />
      <main>
        <LandingHero />
        <WhyChooseUs />
        <LandingServicesGrid />
        <ClosingCallToAction />
      </main>
      <SiteFooter id="contact" contactUs />
    </div>
  );
}

function LandingServicesGrid() {
  const { client, services, servicesLoaded } = usePageState();
  const { cards } = landingServices(services, servicesLoaded);
  const website = websiteHref(client.website);
  return (
    <section id="services" className="section" aria-labelledby="services-title">
      <div className="container">
        <header className="section__header">
          <h2 id="services-title" className="section__title">
            Our Services
          </h2>
          <p className="section__intro">Comprehensive treatments tailored to your health and wellness goals.</p>
        </header>
        {cards.length > 0 ? (
          <ul className="service-grid">
            {cards.map((service) => (
              <ServiceCard key={service.slug} service={service} href={landingServiceHref(service.slug, client.id)} />
            ))}
          </ul>
        ) : (
          <ServicesNotice
            icon={CloudOff}
            title="Our services could not be loaded right now"
            text="Please call us: our team will tell you about our treatments and book your visit."
          />
        )}
        {website && (
          <p className="section__more">
            <a className="btn btn--outline-brand" href={website} target="_blank" rel="noopener">
              Visit our website
              <ExternalLink size={16} aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
