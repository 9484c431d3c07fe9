import { ArrowDown, CalendarCheck, HeartHandshake, Mail, Phone, ShieldCheck, Stethoscope, Timer, Users, type LucideIcon } from 'lucide-react';
import { ContactList } from '../home/ContactList';
import { PromiseList, type PromiseItem } from '../home/PromiseList';
import { CallToActionBand } from '../home/CallToActionBand';
import { HeroBlock } from '../home/Hero';
import { telHref } from '../home/contact-links';
import { Section } from '../components/Section';
import { usePageState } from '../state/page-context';

/** docs/public-site.md#pages-and-routes reading B hero badges (docs/public-site.md#fixed-figures: "1000+ patients trusted"). */
export const TRUST_BADGES: readonly { icon: LucideIcon; text: string }[] = [
  { icon: Users, text: 'Trusted by 1000+ patients' },
  { icon: CalendarCheck, text: 'Same-day appointments' },
  { icon: Timer, text: 'Quick recovery times' },
];

const REASONS: readonly PromiseItem[] = [
  { icon: Stethoscope, title: 'Experienced Providers', text: 'Licensed medical professionals who specialise in the treatments they offer.' },
  { icon: HeartHandshake, title: 'Personalized Care', text: 'A treatment plan built around your health history, your goals and your schedule.' },
  { icon: ShieldCheck, title: 'Proven, Safe Treatments', text: 'Evidence-based care with clear expectations and regular follow-up.' },
];

/** Hero: headline, call-now link, a link down to the services, three trust badges. */
export function LandingHero() {
  return (
    <HeroBlock
      eyebrow="Expert care, personalized for you"
      lead="Feel like yourself again with modern, medically supervised treatments from a team that listens."
      callFallbackHref="#get-started"
      servicesLabel="View Our Services"
      servicesIcon={ArrowDown}
    >
      <ul className="trust-badges" aria-label="Why patients choose us">
        {TRUST_BADGES.map(({ icon: Icon, text }) => (
          <li key={text} className="trust-badge">
            <Icon size={18} aria-hidden />
            {text}
          </li>
        ))}
      </ul>
    </HeroBlock>
  );
}

/** Why choose us: three reasons, then the clinic's address, phone and e-mail when it has them. */
export function WhyChooseUs() {
  const { client } = usePageState();
  const hasContact = Boolean(client.address || client.phone || client.email);
  return (
    <Section id="why-us" className="section section--tinted" titleId="why-us-title" title={`Why Choose ${client.name}?`}>
      <PromiseList items={REASONS} className="reason-grid" />
      {hasContact && (
        <div className="reach-us">
          <h3 className="reach-us__title">Visit or contact us</h3>
          <ContactList className="reach-us__list" />
        </div>
      )}
    </Section>
  );
}

/** Closing call to action: call and e-mail links (or the footer's contact details when there are neither). */
export function ClosingCallToAction() {
  const { client } = usePageState();
  return (
    <CallToActionBand
      id="get-started"
      titleId="get-started-title"
      title="Ready to Get Started?"
      text={`Book your consultation with ${client.name} today. Our team is here to help.`}
    >
      {client.phone && (
        <a className="btn btn--light btn--lg" href={telHref(client.phone)}>
          <Phone size={18} aria-hidden />
          Call {client.phone}
        </a>
      )}
      {client.email && (
        <a className="btn btn--outline-light btn--lg" href={`mailto:${client.email}`}>
          <Mail size={18} aria-hidden />
          Email Us
        </a>
      )}
      {!client.phone && !client.email && (
        <a className="btn btn--light btn--lg" href="#contact">
          Contact Us
        </a>
      )}
    </CallToActionBand>
  );
}
