import type { Client, ClientCreateInput } from '@hap/contracts';

/** docs/admin.md#records, docs/admin.md#fixed-figures: in forms the background colour defaults to #000000; the picker's default is #D4AF37. */
export const FORM_BG_DEFAULT = '#000000';
export const PICKER_DEFAULT = '#D4AF37';

/** The client dialog's tabs (docs/admin.md#clients). */
export const CLIENT_TABS = [
  { id: 'general', label: 'General' },
  { id: 'branding', label: 'Branding' },
  { id: 'tracking', label: 'Tracking' },
  { id: 'images', label: 'Images' },
  { id: 'services', label: 'Services' },
] as const;
export type ClientTab = (typeof CLIENT_TABS)[number]['id'];

/** Which tab holds each field: a refused field opens its tab. */
export const TAB_OF_FIELD: Record<string, ClientTab> = {
  name: 'general',
  address: 'general',
  phone: 'general',
  email: 'general',
  website: 'general',
  domain: 'general',
  bookingLink: 'general',
  portalProfileEditable: 'general',
  leadDetailEmail: 'general',
  brandColor: 'branding',
  brandBgColor: 'branding',
  googleAdsTagId: 'tracking',
  googleAdsAccountId: 'tracking',
  googleAdsManagerId: 'tracking',
  googleAnalyticsId: 'tracking',
  facebookPixelId: 'tracking',
  trackingEnabled: 'tracking',
  conversionTrackingEnabled: 'tracking',
  offlineConversionStatus: 'tracking',
  monthlyAdBudget: 'tracking',
  targetCostPerBooking: 'tracking',
  webhookUrl: 'tracking',
  logoPath: 'images',
  officeImagePath: 'images',
};

/** The form's values: every text as text ('' for none), the switches as booleans. */
export type ClientFormValues = Required<{ [K in keyof ClientCreateInput]: NonNullable<ClientCreateInput[K]> }>;

/** A new client's form (tracking on by default, docs/admin.md#records). */
export function emptyClientForm(): ClientFormValues {
  return {
    name: '',
    address: '',
    phone: '',
    email: '',
    website: '',
    domain: '',
    brandColor: PICKER_DEFAULT,
    brandBgColor: FORM_BG_DEFAULT,
    logoPath: '',
    officeImagePath: '',
    googleAdsTagId: '',
    googleAdsAccountId: '',
    googleAdsManagerId: '',
    googleAnalyticsId: '',
    facebookPixelId: '',
    trackingEnabled: true,
    conversionTrackingEnabled: true,
    offlineConversionStatus: 'booked',
    bookingLink: '',
    webhookUrl: '',
    // The clinic portal's Profile: editable by the clinic's owner unless the agency turns it off.
    portalProfileEditable: true,
    // The full-detail lead e-mail to the clinic's address: off unless the agency turns it on (docs/leads.md#delivery).
    leadDetailEmail: false,
    // No budget until the agency sets one: no pacing (docs/campaigns.md#budget-pacing).
    monthlyAdBudget: '',
    targetCostPerBooking: '',
  };
}

/** An existing client's form: its stored values, nulls as ''. */
export function clientFormOf(client: Client): ClientFormValues {
  const form = emptyClientForm();
  for (const key of Object.keys(form) as Array<keyof ClientFormValues>) {
    const value = client[key as keyof Client];
    if (typeof form[key] === 'boolean') (form as Record<string, unknown>)[key] = Boolean(value);
    else (form as Record<string, unknown>)[key] = value ?? '';
  }
  return form;
}

/** The tab of the first refused field, to show the admin where it is. */
export function firstTabWithError(errors: Record<string, unknown>): ClientTab | null {
  for (const { id } of CLIENT_TABS) if (Object.keys(errors).some((field) => TAB_OF_FIELD[field] === id)) return id;
  return null;
}
