import { Flame, ShieldCheck, Sparkles, Star, Timer, Users } from 'lucide-react';
import { ConsultationForm } from './ConsultationForm';
import { LandingFooter } from './LandingFooter';
import { heroImagePath, LIMITS, offerOf, serviceNameOf } from './landing-rules';
import {
  BenefitList,
  ClosingCta,
  FaqList,
  HeroBackdrop,
  LandingHeader,
  PhoneLink,
  ReviewCards,
  Section,
  SectionHeading,
  StepList,
  useLanding,
  type NavLink,
} from './parts';

const NAV: readonly NavLink[] = [
  { href: '#benefits', label: 'Benefits' },
  { href: '#process', label: 'Process' },
  { href: '#faqs', label: 'FAQs' },
];
const QUICK_LINKS: readonly NavLink[] = [
  { href: '#benefits', label: 'Benefits' },
  { href: '#process', label: 'Process' },
  { href: '#faqs', label: 'Questions' },
];

/**
 * Style C, the urgency page (docs/public-site.md#pages-and-routes variant C). The scarcity figures
 * are the spec's fixed texts (docs/public-site.md#fixed-figures), shown as they are.
 */
export function StyleC() {
  const { client, content } = useLanding();
  const { template, service } = content;
  const name = serviceNameOf(content);
  const review = template.testimonials[0];
  const steps = template.process.slice(0, LIMITS.steps);
  const faqs = template.faqs.slice(0, LIMITS.faqs);

  return (
    <div className="site lp lp--urgent">
      <p className="lp-urgency-bar">
        <Flame size={16} aria-hidden />
        <strong>Spots filling quickly</strong>
        <span className="lp-urgency-bar__extra"> · Reserve your consultation today</span>
      </p>
      <LandingHeader links={NAV} cta="Reserve My Spot" />
      <main>
        <section id="contact" className="lp-hero lp-hero--urgent" aria-labelledby="lp-hero-title">
          <HeroBackdrop path={heroImagePath(content, client.officeImagePath)} />
          <div className="container lp-hero__inner">
            <div className="lp-hero__copy">
              <p className="lp-flag">
                <Sparkles size={16} aria-hidden />
                EXCLUSIVE LIMITED OFFER
              </p>
              <h1 id="lp-hero-title" className="lp-hero__title">
                {template.headline}
              </h1>
              <p className="lp-hero__lead">
                {name} at {client.name}
              </p>
              <div className="lp-offer">
                <p className="lp-offer__label">Today&rsquo;s offer</p>
                <p className="lp-offer__name">{offerOf(content)}</p>
                {service.offerValue && <p className="lp-offer__value">{service.offerValue}</p>}
                {service.offerDescription && <p className="lp-offer__text">{service.offerDescription}</p>}
                <p className="lp-offer__footer">
                  <span className="lp-offer__expires">
                    <Timer size={16} aria-hidden />
                    EXPIRES SOON
                  </span>
                  <span className="lp-offer__spots">5 spots left</span>
                </p>
              </div>
            </div>
            <div className="lp-card lp-form-card">
              <h2 className="lp-form-card__title">Reserve Your Spot</h2>
              <p className="lp-form-card__intro">Claim {offerOf(content)} before this week&rsquo;s spots are gone.</p>
              <ConsultationForm submitLabel="Reserve My Spot" />
              {client.phone && (
                <p className="lp-form-card__call">
                  Or call now: <PhoneLink className="lp-link" />
                </p>
              )}
            </div>
            <ul className="lp-claims" aria-label="Why patients trust us">
              <li className="lp-claim">
                <Star size={20} aria-hidden fill="currentColor" />
                <span>
                  <strong>4.9/5</strong> from 2,000+ patients
                </span>
              </li>
              <li className="lp-claim">
                <ShieldCheck size={20} aria-hidden />
                <span>
                  <strong>100%</strong> satisfaction guarantee
                </span>
              </li>
              <li className="lp-claim">
                <Users size={20} aria-hidden />
                <span>
                  <strong>12 people</strong> booked in the last 24 hours
                </span>
              </li>
            </ul>
          </div>
        </section>

        {review && (
          <Section tinted labelledBy="lp-review-title">
            <SectionHeading id="lp-review-title" eyebrow="Real results" title="Why Patients Love Us" />
            <div className="lp-single-review">
              <ReviewCards testimonials={[review]} />
            </div>
          </Section>
        )}

        {template.benefits.length > 0 && (
          <Section id="benefits" labelledBy="lp-benefits-title">
            <SectionHeading id="lp-benefits-title" eyebrow="What you get" title={`Benefits of ${name}`} />
            <BenefitList benefits={template.benefits} />
          </Section>
        )}

        {steps.length > 0 && (
          <Section id="process" tinted labelledBy="lp-process-title">
            <SectionHeading id="lp-process-title" eyebrow="3 simple steps" title="How It Works" />
            <StepList steps={steps} />
          </Section>
        )}

        {faqs.length > 0 && (
          <Section id="faqs" labelledBy="lp-faqs-title">
            <SectionHeading id="lp-faqs-title" eyebrow="Questions" title="Frequently Asked Questions" />
            <FaqList faqs={faqs} />
          </Section>
        )}

        <ClosingCta
          id="lp-closing-title"
          title="Don't miss out: only 5 spots left"
          text={`Reserve your spot for ${offerOf(content)} at ${client.name} while this offer lasts.`}
          cta="Claim My Spot"
        />
      </main>
      <LandingFooter quickLinks={QUICK_LINKS} />
    </div>
  );
}
