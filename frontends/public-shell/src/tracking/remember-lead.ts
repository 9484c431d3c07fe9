import { ACCEPTED_LEADS_KEY, MAX_REMEMBERED_LEADS } from '@hap/contracts';

/**
 * Keeps the receipt reference of a lead the server accepted, in this tab's
 * sessionStorage, for the thank-you page's Lead conversion (tracking-rules.ts
 * takeConversion). Not for a submission whose honeypot was filled: the server
 * answers a bot like a person, but the form knows its own trap was sprung.
 * Its own module: the landing page's chunk imports it, never the tracking script's.
 */
export function rememberAcceptedLead(reference: string | null, honeypot: string, store: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStorageOrNull()): void {
  if (!reference || honeypot !== '' || !store) return;
  try {
    const value: unknown = JSON.parse(store.getItem(ACCEPTED_LEADS_KEY) ?? '[]');
    const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== reference) : [];
    store.setItem(ACCEPTED_LEADS_KEY, JSON.stringify([...list, reference].slice(-MAX_REMEMBERED_LEADS)));
  } catch {
    // Storage refused: no conversion for this lead, which is the safe side.
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
