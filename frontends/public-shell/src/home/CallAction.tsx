import { Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageState } from '../state/page-context';
import { telHref } from './contact-links';

/**
 * A page's first call to action: the clinic's phone when it has one, else a link to the page's
 * form (the home pages' hero, call-to-action band, top bar and empty services; the client landing
 * page's hero). `fallbackIcon` follows the fallback's text.
 */
export function CallAction({
  className,
  callLabel = 'Call Now',
  fallback = 'Get Started',
  fallbackHref = '#contact',
  fallbackIcon,
}: {
  className: string;
  callLabel?: string;
  fallback?: string;
  fallbackHref?: string;
  fallbackIcon?: ReactNode;
}) {
  const { client } = usePageState();
  return client.phone ? (
    <a className={className} href={telHref(client.phone)}>
      <Phone size={18} aria-hidden />
      {callLabel}
    </a>
  ) : (
    <a className={className} href={fallbackHref}>
      {fallback}
      {fallbackIcon}
    </a>
  );
}

/** 'Call' and the clinic's phone as an outlined button; nothing when it has no phone (the not-found and thank-you pages). */
export function CallLink() {
  const { client } = usePageState();
  return client.phone ? (
    <a href={telHref(client.phone)} className="btn btn--outline-brand">
      <Phone size={18} aria-hidden />
      Call {client.phone}
    </a>
  ) : null;
}
