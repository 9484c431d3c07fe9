import { BadgeCheck, ClipboardList, Clock, Gift, ShieldCheck, Star, Stethoscope, UserCheck } from 'lucide-react';
import { ClinicBrand } from '../home/ClinicBrand';
import { LandingFooter } from './LandingFooter';
import { ConsultationForm } from './ConsultationForm';
import { heroImagePath, LIMITS, MATCHING_STEPS, offerOf, serviceNameOf } from './landing-rules';
import {
  ClosingCta,
  FaqList,
  HeroBackdrop,
  LandingHeader,
  LazyImage,
  PhoneLink,
  ReviewCards,
  Section,
  SectionHeading,
  StepList,
  useLanding,
  type NavLink,
} from './parts';

const NAV: readonly NavLink[] = [
  { href: '#about', label: 'About' },
  { href: '#process', label: 'How It Works' },
  { href: '#reviews', label: 'Reviews' },
  { href: '#faqs', label: 'FAQs' },
];
const QUICK_LINKS: readonly NavLink[] = [
  { href: '#about', label: 'About' },
  { href: '#process', label: 'Process' },
  { href: '#faqs', label: 'Questions' },
];

const STATS = [
  { icon: Stethoscope, title: 'Expert Specialists', text: 'Licensed, experienced providers' },
  { icon: Clock, title: '24/7 Support Available', text: 'Request your visit any time' },
  { icon: Gift, title: '100% Free Matching', text: 'No cost, no obligation' },
] as const;

const NETWORK_BADGES = [
  { icon: BadgeCheck, title: 'Licensed', text: 'Every provider holds an active medical license.' },
  { icon: ClipboardList, title: 'Reviewed', text: 'Credentials and care standards are checked.' },
  { icon: Star, title: 'Reputation', text: 'Rated highly by the patients they treat.' },
] as const;

/** Style A, the default landing page (docs/public-site.md#pages-and-routes variant A, docs/public-site.md#page-styles). */
export function StyleA() {
  const { client, content, staff } = useLanding();
  const { template } = content;
  const service = serviceNameOf(content);
  const reviews = template.testimonials.slice(0, LIMITS.reviews);
  const faqs = template.faqs.slice(0, LIMITS.faqs);
  const aboutImage = client.officeImagePath ?? staff[0]?.imagePath ?? null;

  return (
    <div className="site lp">
      <LandingHeader links={NAV} />
      <main>
        <section id="contact" className="lp-hero" aria-labelledby="lp-hero-title">
          <HeroBackdrop path={heroImagePath(content, client.officeImagePath)} />
          <div className="container lp-hero__inner">
            <div className="lp-hero__copy">
              <p className="lp-hero__badge">
                <ShieldCheck size={16} aria-hidden />
                {offerOf(content)}
              </p>
              <h1 id="lp-hero-title" className="lp-hero__title">
                Find the best {service} provider near you!
              </h1>
              <p className="lp-hero__lead">{template.headline}</p>
            </div>
            <div className="lp-card lp-form-card">
              <h2 className="lp-form-card__title">Free Consultation:</h2>
              <p className="lp-form-card__intro">Get matched with a {client.name} provider. No cost, no obligation.</p>
              <ConsultationForm submitLabel="Find My Match" />
              {client.phone && (
                <p className="lp-form-card__call">
                  Prefer to talk? <PhoneLink className="lp-link" label={`Call ${client.phone}`} />
                </p>
              )}
            </div>
            <ul className="lp-stats" aria-label="Why patients choose us">
              {STATS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="lp-stat">
                  <Icon className="lp-stat__icon" size={22} aria-hidden />
                  <span className="lp-stat__title">{title}</span>
                  <span className="lp-stat__text">{text}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <Section id="about" labelledBy="lp-about-title">
          <div className={`lp-about${aboutImage ? ' lp-about--with-image' : ''}`}>
            <div>
              <SectionHeading id="lp-about-title" eyebrow="About the treatment" title={service} />
              <p className="lp-about__text">{template.description}</p>
              <PhoneLink className="btn btn--brand" label="Call to learn more" />
            </div>
            {aboutImage && <LazyImage className="lp-about__image" path={aboutImage} alt={`${client.name}`} slot={560} />}
          </div>
        </Section>

        <Section id="process" tinted labelledBy="lp-process-title">
          <SectionHeading id="lp-process-title" eyebrow="Simple and free" title="How It Works" />
          <StepList steps={MATCHING_STEPS} />
        </Section>

        {reviews.length > 0 && (
          <Section id="reviews" labelledBy="lp-reviews-title">
            <SectionHeading id="lp-reviews-title" eyebrow="Patient stories" title="What Our Patients Say" />
            <ReviewCards testimonials={reviews} />
          </Section>
        )}

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
            <ul className="lp-badges">
              {NETWORK_BADGES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="lp-badge">
                  <Icon className="lp-badge__icon" size={26} aria-hidden />
                  <span className="lp-badge__title">{title}</span>
                  <span className="lp-badge__text">{text}</span>
                </li>
              ))}
            </ul>
          </div>
        </Section>

        {faqs.length > 0 && (
          <Section id="faqs" labelledBy="lp-faqs-title">
            <SectionHeading id="lp-faqs-title" eyebrow="Questions" title="Frequently Asked Questions" />
            <FaqList faqs={faqs} />
          </Section>
        )}

        <ClosingCta
          id="lp-closing-title"
          title="Ready to feel like yourself again?"
          text={`Tell us about you and we will match you with a ${service} provider at ${client.name}.`}
          cta="Get Matched Now"
        />
      </main>
      <LandingFooter quickLinks={QUICK_LINKS} />
    </div>
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
