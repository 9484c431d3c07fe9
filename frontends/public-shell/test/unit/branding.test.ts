import { BUILT_IN_BRAND_COLOURS, DEFAULT_BRAND_BG_COLOR, DEFAULT_BRAND_COLOR } from '@hap/contracts';
import { contrastRatio, mixColours } from '@hap/contracts';
import {
  brandColours,
  brandPalette,
  brandStyle,
  defaultBranding,
  fallbackBranding,
  GENERIC_CLINIC_NAME,
  heroColours,
} from '../../src/state/branding';

describe('fallbackBranding', () => {
  it("uses a client's built-in colours (docs/public-site.md) with the generic name", () => {
    const branding = fallbackBranding(3);
    expect(branding).toMatchObject({ id: 3, name: GENERIC_CLINIC_NAME, ...BUILT_IN_BRAND_COLOURS[3], phone: null });
  });

  it("keeps the id of a client without built-in colours but takes client 1's", () => {
    expect(fallbackBranding(42)).toMatchObject({ id: 42, ...BUILT_IN_BRAND_COLOURS[1] });
  });

  it('matches the browser-side default for client 1', () => {
    expect(fallbackBranding(1)).toEqual(defaultBranding());
  });
});

describe('brandColours', () => {
  it('passes valid hex colours through', () => {
    expect(brandColours({ brandColor: '#abc', brandBgColor: '#112233' })).toEqual({ brand: '#abc', brandBg: '#112233' });
  });

  it('replaces a brand colour that is not a hex colour with the default', () => {
    expect(brandColours({ brandColor: 'red;background:url(x)', brandBgColor: DEFAULT_BRAND_BG_COLOR }).brand).toBe(DEFAULT_BRAND_COLOR);
  });

  it('falls back to the brand colour for an invalid background', () => {
    expect(brandColours({ brandColor: '#004aad', brandBgColor: '' })).toEqual({ brand: '#004aad', brandBg: '#004aad' });
  });
});

/** The demo clinics' colours (services/tenant seed data; 1–5 are the built-in ones). */
const DEMO_COLOURS: Record<number, [string, string]> = {
  ...Object.fromEntries(Object.entries(BUILT_IN_BRAND_COLOURS).map(([id, c]) => [id, [c.brandColor, c.brandBgColor]])),
  6: ['#2a9d8f', '#1d3557'],
  7: ['#0f766e', '#134e4a'],
  8: ['#e76f51', '#264653'],
  9: ['#f4a261', '#264653'],
  10: ['#2a9d8f', '#264653'],
  11: ['#c2410c', '#431407'],
};
const LIGHT_AND_GREY: [string, string][] = [
  ['#ffeb3b', '#fff59d'],
  ['#808080', '#808080'],
  ['#ffffff', '#ffffff'],
  ['#000000', '#000000'],
];

describe('brandPalette', () => {
  it.each([...Object.values(DEMO_COLOURS), ...LIGHT_AND_GREY])('every ink reads at 4.5:1 for %s on %s', (brandColor, brandBgColor) => {
    const p = brandPalette({ brandColor, brandBgColor });
    const pairs: [string, string][] = [
      [p['--brand-ink'], p['--brand']],
      [p['--brand-bg-ink'], p['--brand-bg']],
      [p['--brand-text'], '#f5f8fb'],
      [p['--brand-bg-text'], '#ffffff'],
      [p['--hero-ink'], p['--hero-from']],
      [p['--hero-ink'], p['--hero-to']],
      [p['--hero-ink-soft'], p['--hero-from']],
      [p['--footer-ink'], p['--footer-bg']],
      [p['--footer-ink-soft'], p['--footer-bg']],
    ];
    for (const [ink, bg] of pairs) expect(contrastRatio(ink!, bg!)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts near-black on the buttons of clients 6, 8 and 10, where white reads at only 3.1–3.3:1', () => {
    for (const id of [6, 8, 10]) {
      const [brandColor, brandBgColor] = DEMO_COLOURS[id]!;
      expect(contrastRatio('#ffffff', brandColor)).toBeLessThan(4.5);
      expect(brandPalette({ brandColor, brandBgColor })['--brand-ink']).toBe('#0f172a');
    }
  });

  it('keeps white on brand colours that carry it, and a brand colour dark enough as text as it is', () => {
    const p = brandPalette({ brandColor: '#004aad', brandBgColor: '#004aad' });
    expect(p['--brand-ink']).toBe('#ffffff');
    expect(p['--brand-text']).toBe('#004aad');
  });

  it('darkens a light brand colour for text on white, keeping its hue', () => {
    expect(brandPalette({ brandColor: '#f4a261', brandBgColor: '#264653' })['--brand-text']).toBe('#92613a');
  });
});

describe('heroColours', () => {
  it("tones the brand glow down until the hero's ink reads on it", () => {
    const hero = heroColours('#f4a261', '#264653');
    expect(hero.ink).toBe('#ffffff');
    expect(hero.glow).toBe('rgb(244 162 97 / 35%)');
    expect(contrastRatio('#ffffff', mixColours('#f4a261', '#264653', 0.35))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the full glow where it does not get in the way', () => {
    expect(heroColours('#004aad', '#004aad').glow).toBe('rgb(0 74 173 / 55%)');
  });

  it('uses a dark ink on a light background', () => {
    expect(heroColours('#ffeb3b', '#fff59d').ink).toBe('#0f172a');
  });
});

describe('brandStyle', () => {
  it('sets the palette as CSS variables, brand colours first', () => {
    const style = brandStyle({ brandColor: '#004aad', brandBgColor: '#ffffff' });
    expect(style.startsWith('--brand:#004aad;--brand-bg:#ffffff;--brand-ink:#ffffff;--brand-bg-ink:#0f172a;')).toBe(true);
    expect(style).toContain('--hero-ink:#0f172a');
    expect(style.split(';')).toHaveLength(Object.keys(brandPalette({ brandColor: '#004aad', brandBgColor: '#fff' })).length);
  });
});
