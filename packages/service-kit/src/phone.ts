import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A phone number as a person typed it ('(303) 555-0142', '+44 7700 900123'),
 * in E.164 ('+13035550142') when libphonenumber-js finds it a valid number,
 * else null. A number without a country code is read as `country`'s (the
 * agency's clinics are in the US). What texts are sent to (docs/leads.md#delivery).
 */
export function toE164(input: string, country: CountryCode = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}
