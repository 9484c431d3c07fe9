import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageState } from '../state/page-context';
import { telHref } from './contact-links';

/** The clinic's address, phone and e-mail as an icon list; only the ones it has. */
export function ContactList({ className, children }: { className: string; children?: ReactNode }) {
  const { client } = usePageState();
  return (
    <ul className={className}>
      {client.address && (
        <li>
          <MapPin size={18} aria-hidden />
          <span>{client.address}</span>
        </li>
      )}
      {client.phone && (
        <li>
          <Phone size={18} aria-hidden />
          <a href={telHref(client.phone)}>{client.phone}</a>
        </li>
      )}
      {client.email && (
        <li>
          <Mail size={18} aria-hidden />
          <a href={`mailto:${client.email}`}>{client.email}</a>
        </li>
      )}
      {children}
    </ul>
  );
}
