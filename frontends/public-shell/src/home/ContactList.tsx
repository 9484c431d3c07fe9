import { Mail, MapPin, Phone } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { usePageState } from '../state/page-context';
import { emailLineBreaks, telHref } from './contact-links';

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
          <EmailLink email={client.email} />
        </li>
      )}
      {children}
    </ul>
  );
}

/**
 * A mailto link that wraps like an address should: the domain moves to the
 * next line whole when it fits there, else it breaks before a dot.
 */
function EmailLink({ email }: { email: string }) {
  const [local, ...domain] = emailLineBreaks(email);
  const withBreaks = (parts: string[]) =>
    parts.map((part, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        {part}
      </Fragment>
    ));
  return (
    <a className="contact-email" href={`mailto:${email}`}>
      {domain.length > 0 ? (
        <>
          {local}
          <wbr />
          <span className="contact-email__domain">{withBreaks(domain)}</span>
        </>
      ) : (
        local
      )}
    </a>
  );
}
