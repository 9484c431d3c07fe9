import { ExternalLink } from 'lucide-react';
import { SitePage } from '../components/SitePage';
import { ServicesGrid, ServicesNotLoaded } from '../home/ServicesSection';
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
    <SitePage>
      <LandingHero />
      <WhyChooseUs />
      <LandingServicesGrid />
      <ClosingCallToAction />
    </SitePage>
  );
}

function LandingServicesGrid() {
  const { client, services, servicesLoaded } = usePageState();
  const { cards } = landingServices(services, servicesLoaded);
  const website = websiteHref(client.website);
  return (
    <ServicesGrid
      intro="Comprehensive treatments tailored to your health and wellness goals."
      cards={cards}
      hrefOf={(slug) => landingServiceHref(slug, client.id)}
      empty={<ServicesNotLoaded />}
    >
      {website && (
        <p className="section__more">
          <a className="btn btn--outline-brand" href={website} target="_blank" rel="noopener">
            Visit our website
            <ExternalLink size={16} aria-hidden />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </ServicesGrid>
  );
}
