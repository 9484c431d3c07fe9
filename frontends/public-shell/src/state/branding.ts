import {
  BUILT_IN_BRAND_COLOURS,
  DEFAULT_BRAND_BG_COLOR,
  DEFAULT_BRAND_COLOR,
  DEFAULT_CLIENT_ID,
  type ClientBranding,
} from '@hap/contracts';

/** The name shown when the clinic's own data could not be loaded. */
export const GENERIC_CLINIC_NAME = 'Wellness Clinic';

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/**
 * Branding to render with when the gateway cannot tell us the client's: the
 * built-in colours of that client id (public spec §3), else client 1's.
 */
export function fallbackBranding(clientId: number = DEFAULT_CLIENT_ID): ClientBranding {
  const colours = BUILT_IN_BRAND_COLOURS[clientId] ?? BUILT_IN_BRAND_COLOURS[DEFAULT_CLIENT_ID];
  return {
    ...defaultBranding(),
    id: clientId,
    brandColor: colours?.brandColor ?? DEFAULT_BRAND_COLOR,
    brandBgColor: colours?.brandBgColor ?? DEFAULT_BRAND_BG_COLOR,
  };
}

/**
 * Client 1 with the generic name and the default colours (client 1's built-in
 * ones). The browser uses this when a page came without server state; unlike
 * fallbackBranding it needs no brand table, whose module also holds the
 * contracts' zod schemas, so zod stays out of the browser bundle (vite.config.ts).
 */
export function defaultBranding(): ClientBranding {
  return {
    id: DEFAULT_CLIENT_ID,
    name: GENERIC_CLINIC_NAME,
    address: null,
    phone: null,
    email: null,
    website: null,
    brandColor: DEFAULT_BRAND_COLOR,
    brandBgColor: DEFAULT_BRAND_BG_COLOR,
    logoPath: null,
    officeImagePath: null,
    bookingLink: null,
  };
}

/**
 * Colours that are safe to put in a style attribute: a valid hex or the
 * default; the background falls back to the brand colour (public spec §3).
 */
export function brandColours(client: Pick<ClientBranding, 'brandColor' | 'brandBgColor'>) {
  const brand = HEX_COLOUR.test(client.brandColor) ? client.brandColor : DEFAULT_BRAND_COLOR;
  const brandBg = HEX_COLOUR.test(client.brandBgColor) ? client.brandBgColor : brand;
  return { brand, brandBg };
}

function channels(hex: string): [number, number, number] {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/**
 * White text while it keeps WCAG's 3:1 for bold button text, else near-black:
 * brand colours usually look right with white, very light ones do not.
 */
export function readableInk(hex: string): string {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White on a colour of luminance L contrasts (1.05 / (L + 0.05)); ≥ 3 means L ≤ 0.3.
  return luminance > 0.3 ? '#0f172a' : '#ffffff';
}

/** The CSS variables the stylesheet reads, as a style attribute value for the server-rendered <html>. */
export function brandStyle(client: Pick<ClientBranding, 'brandColor' | 'brandBgColor'>): string {
  const { brand, brandBg } = brandColours(client);
  return `--brand:${brand};--brand-bg:${brandBg};--brand-ink:${readableInk(brand)};--brand-bg-ink:${readableInk(brandBg)}`;
}
