import {
  BUILT_IN_BRAND_COLOURS,
  DEFAULT_BRAND_BG_COLOR,
  DEFAULT_BRAND_COLOR,
  DEFAULT_CLIENT_ID,
  contrastRatio,
  isHexColour,
  MIN_TEXT_CONTRAST,
  ONBOARDING_BRAND_COLOR,
  mixColours,
  parseHex,
  readableInk,
  readableShade,
  type ClientBranding,
} from '@hap/contracts';

/** The agency's name, on the pages that belong to no clinic (onboarding). */
export const AGENCY_NAME = 'Health Ads Platform';

/**
 * /onboard belongs to the agency, not to the clinic whose host it is reached
 * on: the agency's name and the colours a self-onboarded clinic starts with
 * (docs/public-site.md#onboarding), whatever the host's clinic wears.
 */
export function onboardingBranding(): ClientBranding {
  return { ...defaultBranding(), name: AGENCY_NAME, brandColor: ONBOARDING_BRAND_COLOR, brandBgColor: DEFAULT_BRAND_BG_COLOR };
}

/** The name shown when the clinic's own data could not be loaded. */
export const GENERIC_CLINIC_NAME = 'Wellness Clinic';

/**
 * Branding to render with when the gateway cannot tell us the client's: the
 * built-in colours of that client id (docs/public-site.md#what-a-page-shows), else client 1's.
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
 * default; the background falls back to the brand colour (docs/public-site.md#what-a-page-shows).
 */
export function brandColours(client: Pick<ClientBranding, 'brandColor' | 'brandBgColor'>) {
  const brand = isHexColour(client.brandColor) ? client.brandColor : DEFAULT_BRAND_COLOR;
  const brandBg = isHexColour(client.brandBgColor) ? client.brandBgColor : brand;
  return { brand, brandBg };
}

/** Text and focus rings on the hero, the footer and white surfaces all reach this. */
const SURFACE_TINT = '#f5f8fb';
/** The strongest brand glow in the hero's corner (a colour-mix weight). */
const MAX_GLOW = 0.55;

/** `colour` at `alpha` as a CSS rgb() with alpha, for a gradient stop that fades out. */
function translucent(colour: string, alpha: number): string {
  const [r, g, b] = parseHex(colour);
  return `rgb(${r} ${g} ${b} / ${Math.round(alpha * 100)}%)`;
}

/**
 * The hero's colours: a gradient from the background colour to a darker shade,
 * a brand glow in one corner, and a card tinted with the ink. The ink must
 * read on every one of them, and the glow is toned down until it does.
 */
export function heroColours(brand: string, brandBg: string) {
  // The gradient deepens away from the ink (darker under white, lighter under
  // near-black), so its far end reads at least as well as the background colour.
  const to = mixColours(brandBg, readableInk(brandBg) === '#ffffff' ? '#000000' : '#ffffff', 0.8);
  const surfaces = (ink: string, glow: number) => {
    // The glow lies over the gradient anywhere between its two ends.
    const glowed = [mixColours(brand, brandBg, glow), mixColours(brand, to, glow)];
    return [brandBg, to, ...glowed, ...[brandBg, to, ...glowed].map((s) => mixColours(ink, s, 0.08))];
  };
  const ink = readableInk(surfaces(readableInk([brandBg, to]), 0));
  let glow = MAX_GLOW;
  while (glow > 0 && surfaces(ink, glow).some((s) => contrastRatio(ink, s) < MIN_TEXT_CONTRAST)) glow -= 0.05;
  glow = Math.max(0, glow);
  return { from: brandBg, to, ink, inkSoft: softInk(ink, brandBg, surfaces(ink, glow)), glow: translucent(brand, glow) };
}

/**
 * A quieter ink for secondary text: 80 % of the ink over `background`, moved
 * back towards the ink until it reads at 4.5:1 on every surface.
 */
function softInk(ink: string, background: string, surfaces: readonly string[] = [background]): string {
  for (let weight = 0.8; weight < 1; weight += 0.05) {
    const soft = mixColours(ink, background, weight);
    if (surfaces.every((s) => contrastRatio(soft, s) >= MIN_TEXT_CONTRAST)) return soft;
  }
  return ink;
}

/**
 * The colours the stylesheet reads, worked out on the server so public pages
 * need no script for them. Every ink reaches WCAG's 4.5:1 on its background.
 */
export function brandPalette(client: Pick<ClientBranding, 'brandColor' | 'brandBgColor'>): Record<string, string> {
  const { brand, brandBg } = brandColours(client);
  const hero = heroColours(brand, brandBg);
  const footerBg = mixColours(brandBg, '#000000', 0.85);
  const footerInk = readableInk(footerBg);
  return {
    '--brand': brand,
    '--brand-bg': brandBg,
    // Text on a brand-coloured fill (buttons).
    '--brand-ink': readableInk(brand),
    '--brand-bg-ink': readableInk(brandBg),
    // The brand colours as text, icons and focus rings on white and tinted surfaces.
    '--brand-text': readableShade(brand, SURFACE_TINT),
    '--brand-bg-text': readableShade(brandBg, SURFACE_TINT),
    '--hero-from': hero.from,
    '--hero-to': hero.to,
    '--hero-glow': hero.glow,
    '--hero-ink': hero.ink,
    '--hero-ink-soft': hero.inkSoft,
    '--footer-bg': footerBg,
    '--footer-ink': footerInk,
    '--footer-ink-soft': softInk(footerInk, footerBg),
  };
}

/** The CSS variables the stylesheet reads, as a style attribute value for the server-rendered <html>. */
export function brandStyle(client: Pick<ClientBranding, 'brandColor' | 'brandBgColor'>): string {
  return Object.entries(brandPalette(client))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
