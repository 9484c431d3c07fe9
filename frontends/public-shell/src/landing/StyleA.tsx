import { BadgeCheck, ClipboardList, Clock, Gift, ShieldCheck, Star, Stethoscope, UserCheck } from 'lucide-react';
import { ClinicBrand } from '../home/ClinicBrand';
import { headlineOf, LIMITS, MATCHING_STEPS, offerOf, serviceNameOf } from './landing-rules';
import { ClosingCta, EditableText, LazyImage, PhoneLink, Section, SectionHeading, sectionLinks, useLanding } from './parts';
import { ArrangedSections, FaqSection, FormCard, IconTiles, LandingHero, LandingLayout, ReviewsSection, StepsSection, type IconTile } from './sections';

const NAV = sectionLinks({ about: 'About', process: 'How It Works', reviews: 'Reviews', faqs: 'FAQs' });
const QUICK_LINKS = sectionLinks({ about: 'About', process: 'Process', faqs: 'Questions' });

const STATS: readonly IconTile[] = [
  { icon: Stethoscope, title: 'Expert Specialists', text: 'Licensed, experienced providers' },
  { icon: Clock, title: '24/7 Support Available', text: 'Request your visit any time' },
  { icon: Gift, title: '100% Free Matching', text: 'No cost, no obligation' },
];

const NETWORK_BADGES: readonly IconTile[] = [
  { icon: BadgeCheck, title: 'Licensed', text: 'Every provider holds an active medical license.' },
  { icon: ClipboardList, title: 'Reviewed', text: 'Credentials and care standards are checked.' },
  { icon: Star, title: 'Reputation', text: 'Rated highly by the patients they treat.' },
];

/** Style A, the default landing page (docs/public-site.md#pages-and-routes variant A, docs/public-site.md#page-styles). */
export function StyleA() {
  const { client, content, staff, keyword } = useLanding();
  const { template } = content;
  const service = serviceNameOf(content);
  const reviews = template.testimonials.slice(0, LIMITS.reviews);
  const faqs = template.faqs.slice(0, LIMITS.faqs);
  const aboutImage = client.officeImagePath ?? staff[0]?.imagePath ?? null;

  return (
    <LandingLayout nav={NAV} quickLinks={QUICK_LINKS}>
      <LandingHero
        badge={{ icon: ShieldCheck, text: <EditableText mark="offer">{offerOf(content)}</EditableText> }}
        title={keyword ? headlineOf(content, keyword) : <>Find the best {service} provider near you!</>}
        lead={<EditableText mark="headline">{template.headline}</EditableText>}
      >
        <FormCard
          title="Free Consultation:"
          intro={<>Get matched with a {client.name} provider. No cost, no obligation.</>}
          submitLabel="Find My Match"
          call={{ prefix: 'Prefer to talk? ', label: (phone) => `Call ${phone}` }}
        />
        <IconTiles className="lp-stats" block="lp-stat" label="Why patients choose us" iconSize={22} tiles={STATS} />
      </LandingHero>

      <ArrangedSections
        sections={[
          [
            'about',
            <Section id="about" labelledBy="lp-about-title">
              <div className={`lp-about${aboutImage ? ' lp-about--with-image' : ''}`}>
                <div>
                  <SectionHeading id="lp-about-title" eyebrow="About the treatment" title={service} />
                  <p className="lp-about__text">{template.description}</p>
                  <PhoneLink className="btn btn--brand" label="Call to learn more" />
                </div>
                {aboutImage && <LazyImage className="lp-about__image" path={aboutImage} alt={`${client.name}`} slot={560} />}
              </div>
            </Section>,
          ],
          ['process', <StepsSection steps={MATCHING_STEPS} eyebrow="Simple and free" tinted />],
          ['reviews', <ReviewsSection reviews={reviews} />],
          [
            'network',
            <Section id="network" tinted labelledBy="lp-network-title">
              <div className="lp-network">
                <div className="lp-network__brand">
                  <NetworkLogo />
                  <SectionHeading
                    id="lp-network-title"
                    title="A Trusted Provider Network"
                    intro={`${client.name} is part of our network of trusted ${service} providers.`}
                  />
                </div>
                <IconTiles className="lp-badges" block="lp-badge" iconSize={26} tiles={NETWORK_BADGES} />
              </div>
            </Section>,
          ],
          ['faqs', <FaqSection faqs={faqs} />],
        ]}
      />
      <ClosingCta
        id="lp-closing-title"
        title="Ready to feel like yourself again?"
        text={`Tell us about you and we will match you with a ${service} provider at ${client.name}.`}
        cta="Get Matched Now"
      />
    </LandingLayout>
  );
}

/** The clinic's logo (or name) as the network's member card. */
function NetworkLogo() {
  return (
    <div className="lp-network__logo">
      <ClinicBrand variant="header" />
      <span className="lp-network__verified">
        <UserCheck size={16} aria-hidden />
        Verified provider
      </span>
    </div>
  );
}
