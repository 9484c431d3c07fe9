import { Flame, ShieldCheck, Sparkles, Star, Timer, Users } from 'lucide-react';
import { headlineOf, LIMITS, offerOf, serviceNameOf } from './landing-rules';
import { ClosingCta, EditableText, ReviewCards, sectionLinks, useLanding } from './parts';
import { ArrangedSections, BenefitsSection, FaqSection, FormCard, HeadedSection, LandingHero, LandingLayout, StepsSection } from './sections';

const NAV = sectionLinks({ benefits: 'Benefits', process: 'Process', faqs: 'FAQs' });
const QUICK_LINKS = sectionLinks({ benefits: 'Benefits', process: 'Process', faqs: 'Questions' });

/**
 * Style C, the urgency page (docs/public-site.md#pages-and-routes variant C). The scarcity figures
 * are the spec's fixed texts (docs/public-site.md#fixed-figures), shown as they are.
 */
export function StyleC() {
  const { client, content, keyword } = useLanding();
  const { template, service } = content;
  const name = serviceNameOf(content);
  const review = template.testimonials[0];
  const steps = template.process.slice(0, LIMITS.steps);
  const faqs = template.faqs.slice(0, LIMITS.faqs);

  return (
    <LandingLayout modifier="lp--urgent" banner={<UrgencyBar />} nav={NAV} cta="Reserve My Spot" quickLinks={QUICK_LINKS}>
      <LandingHero
        modifier="lp-hero--urgent"
        badge={{ icon: Sparkles, text: 'EXCLUSIVE LIMITED OFFER', className: 'lp-flag' }}
        title={keyword ? headlineOf(content, keyword) : <EditableText mark="headline">{template.headline}</EditableText>}
        lead={
          <>
            {name} at {client.name}
          </>
        }
        copy={
          <div className="lp-offer">
            <p className="lp-offer__label">Today&rsquo;s offer</p>
            <p className="lp-offer__name">
              <EditableText mark="offer">{offerOf(content)}</EditableText>
            </p>
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
        }
      >
        <FormCard
          title="Reserve Your Spot"
          intro={<>Claim {offerOf(content)} before this week&rsquo;s spots are gone.</>}
          submitLabel="Reserve My Spot"
          call={{ prefix: 'Or call now: ' }}
        />
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
      </LandingHero>

      <ArrangedSections
        sections={[
          [
            'reviews',
            review && (
              <HeadedSection tinted titleId="lp-review-title" eyebrow="Real results" title="Why Patients Love Us">
                <div className="lp-single-review">
                  <ReviewCards testimonials={[review]} />
                </div>
              </HeadedSection>
            ),
          ],
          ['benefits', <BenefitsSection benefits={template.benefits} eyebrow="What you get" title={`Benefits of ${name}`} />],
          ['process', <StepsSection steps={steps} eyebrow="3 simple steps" tinted />],
          ['faqs', <FaqSection faqs={faqs} />],
        ]}
      />
      <ClosingCta
        id="lp-closing-title"
        title="Don't miss out: only 5 spots left"
        text={`Reserve your spot for ${offerOf(content)} at ${client.name} while this offer lasts.`}
        cta="Claim My Spot"
      />
    </LandingLayout>
  );
}

/** The sticky banner above the top bar (docs/public-site.md#fixed-figures). */
function UrgencyBar() {
  return (
    <p className="lp-urgency-bar">
      <Flame size={16} aria-hidden />
      <strong>Spots filling quickly</strong>
      <span className="lp-urgency-bar__extra"> · Reserve your consultation today</span>
    </p>
  );
}
