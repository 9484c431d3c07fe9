import { ArrowDown, CalendarCheck, HeartHandshake, Mail, Phone, ShieldCheck, Stethoscope, Timer, Users, type LucideIcon } from 'lucide-react';
import { ContactList } from '../home/ContactList';
import { PromiseList, type PromiseItem } from '../home/PromiseList';
import { CallAction } from '../home/CallAction';
import { telHref } from '../home/contact-links';
import { UploadedImage } from '../components/UploadedImage';
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

const HERO_IMAGE_SIZES = '(min-width: 1152px) 520px, (min-width: 960px) 45vw, calc(100vw - 2.5rem)';

/** Hero: headline, call-now link, a link down to the services, three trust badges. */
export function LandingHero() {
  const { client } = usePageState();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Expert care, personalized for you</p>
          <h1 id="hero-title" className="hero__title">
            {client.name}
          </h1>
          <p className="hero__lead">
            Feel like yourself again with modern, medically supervised treatments from a team that listens.
          </p>
          <div className="hero__actions">
            <CallAction className="btn btn--light btn--lg" fallbackHref="#get-started" />
            <a className="btn btn--outline-light btn--lg" href="#services">
              View Our Services
              <ArrowDown size={18} aria-hidden />
            </a>
          </div>
          <ul className="trust-badges" aria-label="Why patients choose us">
            {TRUST_BADGES.map(({ icon: Icon, text }) => (
              <li key={text} className="trust-badge">
                <Icon size={18} aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <UploadedImage
          className="hero__image"
          path={client.officeImagePath}
          alt={`Inside ${client.name}`}
          slotWidth={640}
          sizes={HERO_IMAGE_SIZES}
          width={640}
          height={480}
          priority
        />
      </div>
    </section>
  );
}

/** Why choose us: three reasons, then the clinic's address, phone and e-mail when it has them. */
export function WhyChooseUs() {
  const { client } = usePageState();
  const hasContact = Boolean(client.address || client.phone || client.email);
  return (
    <section id="why-us" className="section section--tinted" aria-labelledby="why-us-title">
      <div className="container">
        <header className="section__header">
          <h2 id="why-us-title" className="section__title">
            Why Choose {client.name}?
          </h2>
        </header>
        <PromiseList items={REASONS} className="reason-grid" />
        {hasContact && (
          <div className="reach-us">
            <h3 className="reach-us__title">Visit or contact us</h3>
            <ContactList className="reach-us__list" />
          </div>
        )}
      </div>
    </section>
  );
}

/** Closing call to action: call and e-mail links (or the footer's contact details when there are neither). */
export function ClosingCallToAction() {
  const { client } = usePageState();
  return (
    <section id="get-started" className="cta-band" aria-labelledby="get-started-title">
      <div className="container cta-band__inner">
        <div>
          <h2 id="get-started-title" className="cta-band__title">
            Ready to Get Started?
          </h2>
          <p className="cta-band__text">Book your consultation with {client.name} today. Our team is here to help.</p>
        </div>
        <div className="cta-band__actions">
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
        </div>
      </div>
    </section>
  );
}
