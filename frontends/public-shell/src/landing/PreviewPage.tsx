import { CalendarCheck, Eye, Mail, MapPin, Phone, Sparkles } from 'lucide-react';
import { telHref } from '../home/contact-links';
import { ConsultationForm } from './ConsultationForm';
import { LIMITS, offerOf, previewContact, serviceNameOf } from './landing-rules';
import { Toaster } from './Toaster';
import { Section, SectionHeading, sectionLinks, useLanding } from './parts';
import { ArrangedSections, FaqSection, HeadedSection, LandingHero, LandingLayout, ReviewsSection, StepsSection } from './sections';

// The preview's stories are `#testimonials`: their link goes with the 'reviews' section when the clinic hides it.
const NAV = sectionLinks({ benefits: 'Benefits', process: 'Process', testimonials: 'Reviews', faqs: 'FAQs' }, { testimonials: 'reviews' });
const QUICK_LINKS = sectionLinks({ benefits: 'Benefits', process: 'Process', faqs: 'Questions' });

/**
 * The preview variant (docs/public-site.md#pages-and-routes): what an admin sees before a service
 * goes live. Compact, phone-shaped, every content list visible, and the
 * clinic's contact details with placeholders where it has none yet.
 */
export function PreviewPage() {
  const { client, content } = useLanding();
  const { template } = content;
  const name = serviceNameOf(content);
  const contact = previewContact(client);
  const chips = template.benefits.slice(0, LIMITS.previewBenefits);
  // Visitors only ever get active services: an inactive one is an admin's preview (docs/public-site.md#page-styles).
  const live = content.service.isActive;

  return (
    <LandingLayout
      modifier="lp--preview"
      banner={
        <p className="lp-preview-ribbon">
          <Eye size={16} aria-hidden />
          {live ? 'Preview: this is how the page looks to visitors' : `Preview: not live yet. Visitors see the not-found page here until ${name} is active for ${client.name}.`}
        </p>
      }
      nav={NAV}
      cta="Book Now"
      quickLinks={QUICK_LINKS}
      after={<BottomBar phone={contact.phone} />}
    >
      <LandingHero
        id={null}
        modifier="lp-hero--compact"
        innerModifier="lp-hero__inner--single"
        badge={{ icon: Sparkles, text: offerOf(content) }}
        title={template.headline}
        lead={template.description}
        copy={
          <div className="lp-hero__actions">
            <a className="btn btn--light btn--lg" href="#contact">
              <CalendarCheck size={18} aria-hidden />
              Book Now
            </a>
            <a className="btn btn--outline-light btn--lg" href={telHref(contact.phone)}>
              <Phone size={18} aria-hidden />
              Call Now
            </a>
          </div>
        }
      />

      {/* The clinic's layout applies here too: the preview is the page as visitors get it (docs/page-editor.md#sections). */}
      <ArrangedSections
        sections={[
          [
            'benefits',
            chips.length > 0 && (
              <HeadedSection id="benefits" titleId="lp-benefits-title" eyebrow="Benefits" title={`Why choose ${name}`}>
                <ul className="lp-chips">
                  {chips.map((benefit) => (
                    <li key={benefit.title} className="lp-chip">
                      {benefit.title}
                    </li>
                  ))}
                </ul>
              </HeadedSection>
            ),
          ],
          ['process', <StepsSection steps={template.process} eyebrow="Process" tinted />],
          ['reviews', <ReviewsSection reviews={template.testimonials} id="testimonials" eyebrow="Testimonials" />],
          ['faqs', <FaqSection faqs={template.faqs} tinted />],
        ]}
      />

      <Section id="contact" labelledBy="lp-contact-title">
        <div className="lp-contact-grid">
          <div>
            <SectionHeading id="lp-contact-title" eyebrow="Contact" title={`Visit ${client.name}`} />
            <ul className="lp-contact lp-contact--large">
              <li>
                <MapPin size={20} aria-hidden />
                <span>{contact.address}</span>
              </li>
              <li>
                <Phone size={20} aria-hidden />
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </li>
              <li>
                <Mail size={20} aria-hidden />
                <a className="contact-email" href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </li>
            </ul>
          </div>
          <div className="lp-card lp-form-card lp-form-card--flat">
            <h2 className="lp-form-card__title">{offerOf(content)}</h2>
            {live ? <ConsultationForm submitLabel="Book Now" withMessage /> : <p className="lp-form-card__intro">The form takes requests once this service is live.</p>}
          </div>
        </div>
      </Section>
    </LandingLayout>
  );
}

/** The fixed Call / Book bar below 960 px. */
function BottomBar({ phone }: { phone: string }) {
  return (
    <nav className="lp-bottom-bar" aria-label="Quick actions">
      <a className="btn btn--outline-brand" href={telHref(phone)}>
        <Phone size={18} aria-hidden />
        Call Now
      </a>
      <a className="btn btn--brand" href="#contact">
        <CalendarCheck size={18} aria-hidden />
        Book Now
      </a>
    </nav>
  );
}

/** An admin's preview as a view, with the page's toasts: its code loads only for a preview (ServicePage.tsx serviceViewFor). */
export function PreviewView() {
  return (
    <>
      <PreviewPage />
      <Toaster />
    </>
  );
}
