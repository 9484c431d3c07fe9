/**
 * WCAG 2.x colour contrast for brand colours (hex only), shared by the public
 * pages (which pick their inks on the server) and the admin (which can warn
 * about a colour before it is saved). Pure functions, no dependencies.
 */

/** WCAG AA for normal text; large text and UI parts need only 3:1. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The near-black ink of the public pages (their --ink). */
export const DARK_INK = '#0f172a';
export const LIGHT_INK = '#ffffff';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export type Rgb = readonly [number, number, number];

export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

/** `#abc` or `#aabbcc` as 0–255 channels; throws on anything else. */
export function parseHex(hex: string): Rgb {
  if (!HEX.test(hex)) throw new Error(`Not a hex colour: ${hex}`);
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** Lower-case `#rrggbb`. */
export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21 (order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `weight` of `a` mixed with the rest of `b` in sRGB, as CSS
 * `color-mix(in srgb, a weight, b)` does.
 */
export function mixColours(a: string, b: string, weight: number): string {
  const [x, y] = [parseHex(a), parseHex(b)];
  return toHex(x.map((c, i) => c * weight + (y[i] ?? 0) * (1 - weight)) as unknown as Rgb);
}

/**
 * The ink for text on `background`: white while it reaches 4.5:1 (brand
 * colours usually look right with it), else the pages' near-black, else pure
 * black (mid-tones where near-black just misses; one of white and black always
 * reaches 4.58:1).
 */
export function readableInk(background: string | readonly string[]): string {
  const backgrounds = typeof background === 'string' ? [background] : background;
  const worst = (ink: string) => Math.min(...backgrounds.map((bg) => contrastRatio(ink, bg)));
  for (const ink of [LIGHT_INK, DARK_INK]) if (worst(ink) >= MIN_TEXT_CONTRAST) return ink;
  return worst(LIGHT_INK) >= worst('#000000') ? LIGHT_INK : '#000000';
}

/**
 * `colour` as text on `surface`: itself when it reaches `min`, else mixed
 * with black (light surface) or white (dark surface) in 5 % steps until it
 * does, so a light brand colour becomes a darker shade of itself.
 */
export function readableShade(colour: string, surface: string, min: number = MIN_TEXT_CONTRAST): string {
  const towards = relativeLuminance(surface) > 0.18 ? '#000000' : '#ffffff';
  for (let step = 0; step <= 20; step++) {
    const shade = mixColours(colour, towards, 1 - step / 20);
    if (contrastRatio(shade, surface) >= min) return shade;
  }
  return towards;
}
