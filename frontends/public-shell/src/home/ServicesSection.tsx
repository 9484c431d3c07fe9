import type { PageServiceCard } from '@hap/contracts';
import { ArrowRight, CloudOff, Sparkles, Tag, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Section } from '../components/Section';
import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';
import { CallAction } from './CallAction';
import { UploadedImage } from '../components/UploadedImage';

/** A card's image: the full width of a phone, a third of a desktop. */
const CARD_IMAGE_SIZES = '(min-width: 1152px) 352px, (min-width: 960px) 30vw, (min-width: 640px) 45vw, calc(100vw - 2.5rem)';

/**
 * 'Our Services' (docs/public-site.md#pages-and-routes reading A): the clinic's services as cards
 * linking to their pages; `limit` caps them (variant B shows at most 6).
 */
export function ServicesSection({ limit }: { limit?: number }) {
  const state = usePageState();
  const { client, services, servicesLoaded } = state;
  const shown = limit === undefined ? services : services.slice(0, limit);
  return (
    <ServicesGrid
      intro={`Explore the treatments and programs available at ${client.name}.`}
      cards={shown}
      hrefOf={(slug) => clinicHref(state, `/${encodeURIComponent(slug)}`)}
      empty={
        servicesLoaded ? (
          <ServicesNotice
            icon={Sparkles}
            title="New services are being prepared"
            text="We are putting the finishing touches on our treatment programs. Contact us to learn what we can do for you today."
          />
        ) : (
          <ServicesNotLoaded />
        )
      }
    />
  );
}

/** 'Our Services' of either home reading (docs/public-site.md#home-pages): the cards, or `empty` when there are none; `children` below. */
export function ServicesGrid({
  intro,
  cards,
  hrefOf,
  empty,
  children,
}: {
  intro: string;
  cards: readonly PageServiceCard[];
  /** A card's link, from its service's slug. */
  hrefOf: (slug: string) => string;
  empty: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Section id="services" titleId="services-title" title="Our Services" intro={intro}>
      {cards.length > 0 ? (
        <ul className="service-grid">
          {cards.map((service) => (
            <ServiceCard key={service.slug} service={service} href={hrefOf(service.slug)} />
          ))}
        </ul>
      ) : (
        empty
      )}
      {children}
    </Section>
  );
}

/** The catalogue did not answer. */
export function ServicesNotLoaded() {
  return (
    <ServicesNotice
      icon={CloudOff}
      title="Our services could not be loaded right now"
      text="Please call us: our team will tell you about our treatments and book your visit."
    />
  );
}

function ServiceCard({ service, href }: { service: PageServiceCard; href: string }) {
  return (
    <li className="service-card">
      <UploadedImage
        className="service-card__image"
        path={service.image}
        alt=""
        slotWidth={400}
        sizes={CARD_IMAGE_SIZES}
        width={640}
        height={360}
      />
      <div className="service-card__body">
        {service.offer && (
          <p className="offer-badge">
            <Tag size={14} aria-hidden />
            {service.offer}
          </p>
        )}
        <h3 className="service-card__title">{service.name}</h3>
        <p className="service-card__text">{service.description}</p>
        <a className="service-card__link" href={href}>
          Learn More<span className="sr-only"> about {service.name}</span>
          <ArrowRight size={16} aria-hidden />
        </a>
      </div>
    </li>
  );
}

/**
 * No cards to show: the clinic has none yet (docs/public-site.md#pages-and-routes: new services are
 * being prepared, 'Contact Us' phone link), or the catalogue did not answer.
 */
function ServicesNotice({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="empty-services" role="status">
      <Icon className="empty-services__icon" size={32} aria-hidden />
      <h3 className="empty-services__title">{title}</h3>
      <p className="empty-services__text">{text}</p>
      <CallAction className="btn btn--brand" callLabel="Contact Us" fallback="Contact Us" />
    </div>
  );
}
