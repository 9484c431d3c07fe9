import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageState } from '../state/page-context';
import { ContactList } from './ContactList';
import { CallAction } from './CallAction';
import { UploadedImage } from '../components/UploadedImage';

/** The hero's image column: the full width of a phone, about half of a desktop. */
const HERO_IMAGE_SIZES = '(min-width: 1152px) 520px, (min-width: 960px) 45vw, calc(100vw - 2.5rem)';

/** Reading A's hero (docs/public-site.md#pages-and-routes); the office photo's place goes to the visit card when there is none. */
export function Hero() {
  return (
    <HeroBlock
      eyebrow="Wellness & medical care"
      lead="Personalized treatment plans from caring, experienced providers, designed around your goals and your schedule."
      servicesLabel="Our Services"
      servicesIcon={ArrowRight}
      imageFallback={<VisitCard />}
    />
  );
}

/**
 * A home page's hero (both readings, docs/public-site.md#home-pages): the clinic's name under an
 * eyebrow, the lead, the call action and a link down to the services, `children` below them,
 * the office photo beside.
 */
export function HeroBlock({
  eyebrow,
  lead,
  callFallbackHref,
  servicesLabel,
  servicesIcon: ServicesIcon,
  imageFallback,
  children,
}: {
  eyebrow: string;
  lead: string;
  /** Where the call action leads when the clinic has no phone. */
  callFallbackHref?: string;
  servicesLabel: string;
  servicesIcon: LucideIcon;
  imageFallback?: ReactNode;
  children?: ReactNode;
}) {
  const { client } = usePageState();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">{eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {client.name}
          </h1>
          <p className="hero__lead">{lead}</p>
          <div className="hero__actions">
            <CallAction className="btn btn--light btn--lg" fallbackHref={callFallbackHref} />
            <a className="btn btn--outline-light btn--lg" href="#services">
              {servicesLabel}
              <ServicesIcon size={18} aria-hidden />
            </a>
          </div>
          {children}
        </div>
        {/* The office photo is the page's largest paint: fetched first, its box reserved. */}
        <UploadedImage
          className="hero__image"
          path={client.officeImagePath}
          alt={`Inside ${client.name}`}
          slotWidth={640}
          sizes={HERO_IMAGE_SIZES}
          width={640}
          height={480}
          priority
          fallback={imageFallback}
        />
      </div>
    </section>
  );
}

/** Where and how to reach the clinic; takes the image's place when there is no office photo. */
function VisitCard() {
  const { client } = usePageState();
  if (!client.address && !client.phone && !client.email) return null;
  return (
    <aside className="visit-card" aria-label="Visit us">
      <h2 className="visit-card__title">Visit us</h2>
      <ContactList className="visit-card__list" />
      <p className="visit-card__note">Questions about a treatment? Our team is happy to help.</p>
    </aside>
  );
}
