import { CalendarCheck, Mail, MapPin, Navigation, Phone } from 'lucide-react';
import { telHref } from '../home/contact-links';
import { ContactList } from '../home/ContactList';
import { usePageState } from '../state/page-context';
import { Countdown } from './Countdown';
import { UploadedImage } from '../components/UploadedImage';
import { SectionHeader } from '../components/Section';
import { mapsHref } from './unified-rules';

/**
 * #location: the address and a link that opens it in the visitor's maps.
 * No third-party map iframe or script: it would cost a phone hundreds of
 * kilobytes and tell a map provider who reads a health page (README).
 */
export function LocationSection() {
  const { client } = usePageState();
  return (
    <section id="location" className="section section--tinted u-section" aria-labelledby="u-location-title">
      <div className="container u-location">
        <div className="u-location__copy">
          <SectionHeader id="u-location-title" eyebrow="Visit us" title={`Find ${client.name}`} />
          {client.address || client.phone || client.email ? (
            <ContactList className="u-contact-list" />
          ) : (
            <p className="u-location__none">Call or send us your details above and we will tell you where to find us.</p>
          )}
          <div className="u-location__actions">
            {client.address && (
              <a className="btn btn--brand" href={mapsHref(client.address)} target="_blank" rel="noopener noreferrer">
                <Navigation size={18} aria-hidden />
                Get Directions
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <a className="btn btn--outline-brand" href="#contact">
              <CalendarCheck size={18} aria-hidden />
              Book a Visit
            </a>
          </div>
        </div>
        <div className="u-location__visual">
          <UploadedImage
            path={client.officeImagePath}
            alt={`Inside ${client.name}`}
            className="u-location__photo"
            slotWidth={640}
            sizes="(min-width: 960px) 520px, 92vw"
            width={640}
            height={480}
            fallback={<MapCard address={client.address} />}
          />
          {client.officeImagePath && client.address && (
            <p className="u-location__pin">
              <MapPin size={16} aria-hidden />
              {client.address}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/** A drawn map with a pin: stands in for the office photo, with nothing loaded from a map provider. */
function MapCard({ address }: { address: string | null }) {
  return (
    <div className="u-map-card" aria-hidden>
      <span className="u-map-card__pin">
        <MapPin size={32} />
      </span>
      {address && <span className="u-map-card__address">{address}</span>}
    </div>
  );
}

/** #ready-cta: the closing call to action, with the offer's countdown. */
export function ReadyCta() {
  const { client, landing } = usePageState();
  const offer = landing ? landing.content.service.offer || landing.content.template.offer : 'Free Consultation';
  return (
    <section id="ready-cta" className="u-ready" aria-labelledby="u-ready-title">
      <div className="container u-ready__inner">
        <h2 id="u-ready-title" className="u-ready__title">
          Ready to Feel Like Yourself Again?
        </h2>
        <p className="u-ready__text">
          Claim your {offer} at {client.name}. Appointments are limited each week.
        </p>
        <Countdown tone="hero" />
        <div className="u-ready__actions">
          <a className="btn btn--light btn--lg" href="#contact">
            <CalendarCheck size={18} aria-hidden />
            Book Now
          </a>
          {client.phone ? (
            <a className="btn btn--outline-light btn--lg" href={telHref(client.phone)}>
              <Phone size={18} aria-hidden />
              Call {client.phone}
            </a>
          ) : client.email ? (
            <a className="btn btn--outline-light btn--lg" href={`mailto:${client.email}`}>
              <Mail size={18} aria-hidden />
              Email Us
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
