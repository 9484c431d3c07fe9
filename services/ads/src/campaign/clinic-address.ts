/**
 * A clinic's one-line address as Google's proximity target needs it
 * (AddressInfo: street, city, state, postal code, country). Clinics here are
 * in the US: "12 Elm Street, Suite 4, Austin, TX 78701".
 */
export interface PostalAddress {
  streetAddress: string;
  cityName: string;
  /** The two-letter state code. */
  provinceCode: string;
  postalCode: string;
  countryCode: 'US';
}

const US_ADDRESS = /^(?<street>.+?),\s*(?<city>[^,]+?),\s*(?<state>[A-Za-z]{2})\.?\s+(?<zip>\d{5})(?:-\d{4})?(?:,\s*(?:US|USA|United States))?\s*$/i;

/** The address's parts, or null when it does not read as "street, city, ST 12345". */
export function parseUsAddress(address: string | null | undefined): PostalAddress | null {
  const match = US_ADDRESS.exec((address ?? '').replace(/\s+/g, ' ').trim());
  if (!match?.groups) return null;
  const { street, city, state, zip } = match.groups as Record<'street' | 'city' | 'state' | 'zip', string>;
  return { streetAddress: street.trim(), cityName: city.trim(), provinceCode: state.toUpperCase(), postalCode: zip, countryCode: 'US' };
}

/** A US phone number as Google's call asset takes it (digits, no country code), or null. */
export function usPhoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : null;
}
