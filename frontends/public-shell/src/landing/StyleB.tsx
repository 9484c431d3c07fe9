import { assetUrl } from '@hap/contracts';
import { CircleCheck, Search, UserRound } from 'lucide-react';
import { ClinicBrand } from '../home/ClinicBrand';
import { ContactList } from '../home/ContactList';
import { telHref } from '../home/contact-links';
import { symptomIconOf } from '../components/symptom-icons';
import { headlineOf, LIMITS, MATCHING_STEPS, serviceNameOf } from './landing-rules';
import { fieldMark, itemMark, listMark } from './editing';
import { ClosingCta, EditableText, LazyImage, sectionLinks, useEditing, useLanding, type NavLink } from './parts';
import { ArrangedSections, BenefitsSection, FaqSection, FormCard, HeadedSection, LandingHero, LandingLayout, ReviewsSection, StepsSection } from './sections';

/** How many team members the provider card introduces. */
const TEAM_ON_CARD = 3;

const QUICK_LINKS = sectionLinks({ provider: 'Your Provider', process: 'Process', faqs: 'Questions' });

/**
 * Style B, the find-a-provider page (docs/public-site.md#page-styles): variant A's spirit, built
 * around the clinic as the provider a visitor is matched with. Sections and
 * reasons: src/landing/README.md.
 */
export function StyleB() {
  const { client, content, staff, keyword } = useLanding();
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
    <LandingLayout nav={nav} quickLinks={QUICK_LINKS}>
      <LandingHero
        badge={{ icon: Search, text: <>Find your {name} provider</> }}
        title={keyword ? headlineOf(content, keyword) : <EditableText mark="headline">{template.headline}</EditableText>}
        lead={template.description}
        copy={
          highlights.length > 0 && (
            <ul className="lp-checks">
              {highlights.map((benefit) => (
                <li key={benefit.title}>
                  <CircleCheck size={20} aria-hidden />
                  {benefit.title}
                </li>
              ))}
            </ul>
          )
        }
      >
        <FormCard
          title="Connect With a Provider"
          intro={<>Tell us a little about you and someone from the {client.name} team will reach out.</>}
          submitLabel="Find My Provider"
          withMessage
          call={{ prefix: 'Prefer to talk? ', label: (phone) => `Call ${phone}` }}
        />
      </LandingHero>

      <ArrangedSections
        sections={[
          ['symptoms', template.symptoms.length > 0 && <Symptoms />],
          [
            'provider',
            <HeadedSection id="provider" titleId="lp-provider-title" eyebrow="Your local provider" title={`Meet ${client.name}`}>
              <div className="lp-provider">
                <div className="lp-card lp-provider__card">
                  <ClinicBrand variant="header" />
                  <ContactList className="lp-contact" />
                  <a className="btn btn--brand" href={client.phone ? telHref(client.phone) : '#contact'}>
                    {client.phone ? 'Call the Clinic' : 'Request a Visit'}
                  </a>
                </div>
                {staff.length > 0 ? <TeamCards staff={staff.slice(0, TEAM_ON_CARD)} /> : <p className="lp-provider__text">{template.description}</p>}
              </div>
            </HeadedSection>,
          ],
          ['benefits', <BenefitsSection benefits={template.benefits} eyebrow="Why it helps" title={`Benefits of ${name}`} tinted />],
          ['process', <StepsSection steps={steps} eyebrow="Simple and personal" />],
          ['reviews', <ReviewsSection reviews={reviews} tinted />],
          ['faqs', <FaqSection faqs={faqs} />],
        ]}
      />
      <ClosingCta
        id="lp-closing-title"
        title="Your provider is one step away"
        text={`Send your details and ${client.name} will help you take the next step with ${name}.`}
        cta="Find My Provider"
      />
    </LandingLayout>
  );
}

/** 'Do Any of These Sound Familiar?' (`#symptoms`): the template's symptoms with their icons. */
function Symptoms() {
  const { content } = useLanding();
  const editing = useEditing();
  const { symptoms } = content.template;
  const name = serviceNameOf(content);
  return (
    <HeadedSection
      id="symptoms"
      tinted
      titleId="lp-symptoms-title"
      eyebrow="Is it time to see a provider?"
      title="Do Any of These Sound Familiar?"
      intro={`If so, our ${name} providers can help you find out why and what to do about it.`}
    >
      <ul className="lp-symptoms" {...listMark(editing && symptoms.every((symptom) => symptom.id), 'symptoms')}>
        {symptoms.map((symptom) => {
          const Icon = symptomIconOf(symptom.icon);
          return (
            <li key={symptom.id ?? symptom.title} className="lp-symptom" {...itemMark(editing, 'symptoms', symptom.id)}>
              <Icon className="lp-symptom__icon" size={24} aria-hidden />
              <h3 className="lp-symptom__title" {...fieldMark(editing, 'title')}>
                {symptom.title}
              </h3>
              {(symptom.description || editing) && (
                <p className="lp-symptom__text" {...fieldMark(editing, 'description')}>
                  {symptom.description}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}

/** Up to three team members on the provider card, with their photo or a placeholder. */
function TeamCards({ staff }: { staff: ReturnType<typeof useLanding>['staff'] }) {
  return (
    <ul className="lp-team" aria-label="Our team">
      {staff.map((member) => (
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
  );
}
