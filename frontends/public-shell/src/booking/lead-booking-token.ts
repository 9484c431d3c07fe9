/**
 * The lead's booking token (POST /api/leads' `bookingToken`, docs/booking.md#the-leads-booking-token)
 * on its way from the lead form to the thank-you page's picker: kept in this tab's sessionStorage
 * under the lead's reference, never in an address. An address is read by the tags on the thank-you
 * page (the pixel reads it whole), sent as a referrer, kept in the browser's history and in access
 * logs; sessionStorage is read by our own script only, and goes with the tab. The no-script lead
 * form has no token to pass on: its thank-you page books without the lead (docs/booking.md#pages).
 */
export const BOOKING_TOKENS_KEY = 'hap.bookingTokens';
/** The last few leads of the tab: enough for a visitor who sends two forms. */
const KEPT = 5;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): Store | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read(store: Store): Array<[string, string]> {
  try {
    const value: unknown = JSON.parse(store.getItem(BOOKING_TOKENS_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Keeps the token of the lead with `reference` (nothing without either). */
export function rememberBookingToken(reference: string | null, token: string | null, store: Store | null = sessionStore()): void {
  if (!reference || !token || !store) return;
  try {
    const kept = read(store).filter(([ref]) => ref !== reference);
    store.setItem(BOOKING_TOKENS_KEY, JSON.stringify([...kept, [reference, token]].slice(-KEPT)));
  } catch {
    // Storage refused: the picker books without the lead (the clinic still gets the appointment).
  }
}

/** The token kept for the lead with `reference`, or null. */
export function bookingTokenFor(reference: string | null | undefined, store: Store | null = sessionStore()): string | null {
  if (!reference || !store) return null;
  return read(store).find(([ref]) => ref === reference)?.[1] ?? null;
}
