import { CalendarCheck, Eye, Mail, MapPin, Phone, Sparkles } from 'lucide-react';
import { telHref } from '../home/contact-links';
import { ConsultationForm } from './ConsultationForm';
import { LandingFooter } from './LandingFooter';
import { heroImagePath, LIMITS, offerOf, previewContact, serviceNameOf } from './landing-rules';
import { Toaster } from './Toaster';
import { FaqList, HeroBackdrop, LandingHeader, ReviewCards, Section, SectionHeading, StepList, useLanding, type NavLink } from './parts';

const NAV: readonly NavLink[] = [
  { href: '#benefits', label: 'Benefits' },
  { href: '#process', label: 'Process' },
  { href: '#testimonials', label: 'Reviews' },
  { href: '#faqs', label: 'FAQs' },
];
const QUICK_LINKS: readonly NavLink[] = [
  { href: '#benefits', label: 'Benefits' },
  { href: '#process', label: 'Process' },
  { href: '#faqs', label: 'Questions' },
];

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
    <div className="site lp lp--preview">
      <p className="lp-preview-ribbon">
        <Eye size={16} aria-hidden />
        {live ? 'Preview: this is how the page looks to visitors' : `Preview: not live yet. Visitors see the not-found page here until ${name} is active for ${client.name}.`}
      </p>
      <LandingHeader links={NAV} cta="Book Now" />
      <main>
        <section className="lp-hero lp-hero--compact" aria-labelledby="lp-hero-title">
          <HeroBackdrop path={heroImagePath(content, client.officeImagePath)} />
          <div className="container lp-hero__inner lp-hero__inner--single">
            <div className="lp-hero__copy">
              <p className="lp-hero__badge">
                <Sparkles size={16} aria-hidden />
                {offerOf(content)}
              </p>
              <h1 id="lp-hero-title" className="lp-hero__title">
                {template.headline}
              </h1>
              <p className="lp-hero__lead">{template.description}</p>
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
            </div>
          </div>
        </section>

        {chips.length > 0 && (
          <Section id="benefits" labelledBy="lp-benefits-title">
            <SectionHeading id="lp-benefits-title" eyebrow="Benefits" title={`Why choose ${name}`} />
            <ul className="lp-chips">
              {chips.map((benefit) => (
                <li key={benefit.title} className="lp-chip">
                  {benefit.title}
                </li>
              ))}
            </ul>
          </Section>
        )}

        {template.process.length > 0 && (
          <Section id="process" tinted labelledBy="lp-process-title">
            <SectionHeading id="lp-process-title" eyebrow="Process" title="How It Works" />
            <StepList steps={template.process} />
          </Section>
        )}

        {template.testimonials.length > 0 && (
          <Section id="testimonials" labelledBy="lp-reviews-title">
            <SectionHeading id="lp-reviews-title" eyebrow="Testimonials" title="What Our Patients Say" />
            <ReviewCards testimonials={template.testimonials} />
          </Section>
        )}

        {template.faqs.length > 0 && (
          <Section id="faqs" tinted labelledBy="lp-faqs-title">
            <SectionHeading id="lp-faqs-title" eyebrow="Questions" title="Frequently Asked Questions" />
            <FaqList faqs={template.faqs} />
          </Section>
        )}

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
      </main>
      <LandingFooter quickLinks={QUICK_LINKS} />
      <nav className="lp-bottom-bar" aria-label="Quick actions">
        <a className="btn btn--outline-brand" href={telHref(contact.phone)}>
          <Phone size={18} aria-hidden />
          Call Now
        </a>
        <a className="btn btn--brand" href="#contact">
          <CalendarCheck size={18} aria-hidden />
          Book Now
        </a>
      </nav>
    </div>
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
