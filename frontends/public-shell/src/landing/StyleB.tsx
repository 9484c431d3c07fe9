import { assetUrl } from '@hap/contracts';
import { CircleCheck, Search, UserRound } from 'lucide-react';
import { ClinicBrand } from '../home/ClinicBrand';
import { ContactList } from '../home/ContactList';
import { telHref } from '../home/contact-links';
import { ConsultationForm } from './ConsultationForm';
import { LandingFooter } from './LandingFooter';
import { heroImagePath, LIMITS, MATCHING_STEPS, serviceNameOf } from './landing-rules';
import {
  BenefitList,
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
import { symptomIconOf } from '../components/symptom-icons';

/** How many team members the provider card introduces. */
const TEAM_ON_CARD = 3;

const QUICK_LINKS: readonly NavLink[] = [
  { href: '#provider', label: 'Your Provider' },
  { href: '#process', label: 'Process' },
  { href: '#faqs', label: 'Questions' },
];

/**
 * Style B, the find-a-provider page (docs/public-site.md#page-styles): variant A's spirit, built
 * around the clinic as the provider a visitor is matched with. Sections and
 * reasons: src/landing/README.md.
 */
export function StyleB() {
  const { client, content, staff } = useLanding();
  const { template } = content;
  const name = serviceNameOf(content);
  const highlights = template.benefits.slice(0, 3);
  const steps = template.process.length > 0 ? template.process.slice(0, LIMITS.steps) : MATCHING_STEPS;
  const reviews = template.testimonials.slice(0, LIMITS.reviews);
  const faqs = template.faqs.slice(0, LIMITS.faqs);
  const nav: NavLink[] = [
    ...(template.symptoms.length > 0 ? [{ href: '#symptoms', label: 'Symptoms' }] : []),
    { href: '#provider', label: 'Your Provider' },
    { href: '#process', label: 'How It Works' },
    ...(faqs.length > 0 ? [{ href: '#faqs', label: 'FAQs' }] : []),
  ];

  return (
    <div className="site lp">
      <LandingHeader links={nav} />
      <main>
        <section id="contact" className="lp-hero" aria-labelledby="lp-hero-title">
          <HeroBackdrop path={heroImagePath(content, client.officeImagePath)} />
          <div className="container lp-hero__inner">
            <div className="lp-hero__copy">
              <p className="lp-hero__badge">
                <Search size={16} aria-hidden />
                Find your {name} provider
              </p>
              <h1 id="lp-hero-title" className="lp-hero__title">
                {template.headline}
              </h1>
              <p className="lp-hero__lead">{template.description}</p>
              {highlights.length > 0 && (
                <ul className="lp-checks">
                  {highlights.map((benefit) => (
                    <li key={benefit.title}>
                      <CircleCheck size={20} aria-hidden />
                      {benefit.title}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="lp-card lp-form-card">
              <h2 className="lp-form-card__title">Connect With a Provider</h2>
              <p className="lp-form-card__intro">Tell us a little about you and someone from the {client.name} team will reach out.</p>
              <ConsultationForm submitLabel="Find My Provider" withMessage />
              {client.phone && (
                <p className="lp-form-card__call">
                  Prefer to talk? <PhoneLink className="lp-link" label={`Call ${client.phone}`} />
                </p>
              )}
            </div>
          </div>
        </section>

        {template.symptoms.length > 0 && (
          <Section id="symptoms" tinted labelledBy="lp-symptoms-title">
            <SectionHeading
              id="lp-symptoms-title"
              eyebrow="Is it time to see a provider?"
              title="Do Any of These Sound Familiar?"
              intro={`If so, our ${name} providers can help you find out why and what to do about it.`}
            />
            <ul className="lp-symptoms">
              {template.symptoms.map((symptom) => {
                const Icon = symptomIconOf(symptom.icon);
                return (
                  <li key={symptom.title} className="lp-symptom">
                    <Icon className="lp-symptom__icon" size={24} aria-hidden />
                    <h3 className="lp-symptom__title">{symptom.title}</h3>
                    {symptom.description && <p className="lp-symptom__text">{symptom.description}</p>}
                  </li>
                );
              })}
            </ul>
          </Section>
        )}

        <Section id="provider" labelledBy="lp-provider-title">
          <SectionHeading id="lp-provider-title" eyebrow="Your local provider" title={`Meet ${client.name}`} />
          <div className="lp-provider">
            <div className="lp-card lp-provider__card">
              <ClinicBrand variant="header" />
              <ContactList className="lp-contact" />
              <a className="btn btn--brand" href={client.phone ? telHref(client.phone) : '#contact'}>
                {client.phone ? 'Call the Clinic' : 'Request a Visit'}
              </a>
            </div>
            {staff.length > 0 ? (
              <ul className="lp-team" aria-label="Our team">
                {staff.slice(0, TEAM_ON_CARD).map((member) => (
                  <li key={member.id} className="lp-member">
                    {assetUrl(member.imagePath) ? (
                      <LazyImage className="lp-member__photo" path={member.imagePath!} alt={member.name} slot={160} />
                    ) : (
                      <span className="lp-member__photo lp-member__photo--empty" aria-hidden="true">
                        <UserRound size={32} />
                      </span>
                    )}
                    <div>
                      <h3 className="lp-member__name">{member.name}</h3>
                      {member.title && <p className="lp-member__title">{member.title}</p>}
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="lp-provider__text">{template.description}</p>
            )}
          </div>
        </Section>

        {template.benefits.length > 0 && (
          <Section id="benefits" tinted labelledBy="lp-benefits-title">
            <SectionHeading id="lp-benefits-title" eyebrow="Why it helps" title={`Benefits of ${name}`} />
            <BenefitList benefits={template.benefits} />
          </Section>
        )}

        <Section id="process" labelledBy="lp-process-title">
          <SectionHeading id="lp-process-title" eyebrow="Simple and personal" title="How It Works" />
          <StepList steps={steps} />
        </Section>

        {reviews.length > 0 && (
          <Section id="reviews" tinted labelledBy="lp-reviews-title">
            <SectionHeading id="lp-reviews-title" eyebrow="Patient stories" title="What Our Patients Say" />
            <ReviewCards testimonials={reviews} />
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
          title="Your provider is one step away"
          text={`Send your details and ${client.name} will help you take the next step with ${name}.`}
          cta="Find My Provider"
        />
      </main>
      <LandingFooter quickLinks={QUICK_LINKS} />
    </div>
  );
}
