import { ExternalLink, MapPin } from 'lucide-react';
import { usePageState } from '../../state/page-context';
import { ContactList } from '../ContactList';
import { mapLinkFor } from './variant-content';

/**
 * Variant B's contact block: phone, e-mail and the address on a map. The map
 * is a static visual with a link out to a maps site, not an embedded
 * third-party map: nothing loads from a map host without the visitor's choice.
 */
export function ContactBlock() {
  const { client } = usePageState();
  if (!client.address && !client.phone && !client.email) return null;
  return (
    <section id="visit" className="section" aria-labelledby="visit-title">
      <div className="container contact-block">
        <div>
          <h2 id="visit-title" className="section__title">
            Visit {client.name}
          </h2>
          <p className="section__intro">We would love to hear from you. Call, write or stop by.</p>
          <ContactList className="contact-block__list" />
        </div>
        {client.address && (
          <a className="map-card" href={mapLinkFor(client.address)} target="_blank" rel="noopener noreferrer">
            <span className="map-card__pin" aria-hidden>
              <MapPin size={32} />
            </span>
            <span className="map-card__address">{client.address}</span>
            <span className="map-card__cta">
              Open in Maps
              <ExternalLink size={16} aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </span>
          </a>
        )}
      </div>
    </section>
  );
}
