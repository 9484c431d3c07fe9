import { BUILT_IN_BRAND_COLOURS, DEFAULT_BRAND_BG_COLOR, DEFAULT_BRAND_COLOR } from '@hap/contracts';
import { brandColours, brandStyle, defaultBranding, fallbackBranding, GENERIC_CLINIC_NAME, readableInk } from '../../src/state/branding';

describe('fallbackBranding', () => {
  it("uses a client's built-in colours (public spec §3) with the generic name", () => {
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

describe('readableInk', () => {
  it('puts white on dark colours and near-black on light ones', () => {
    expect(readableInk('#004aad')).toBe('#ffffff');
    expect(readableInk('#000')).toBe('#ffffff');
    expect(readableInk('#ffeb3b')).toBe('#0f172a');
    expect(readableInk('#ffffff')).toBe('#0f172a');
  });
});

describe('brandStyle', () => {
  it('sets the four CSS variables the stylesheet reads', () => {
    expect(brandStyle({ brandColor: '#004aad', brandBgColor: '#ffffff' })).toBe(
      '--brand:#004aad;--brand-bg:#ffffff;--brand-ink:#ffffff;--brand-bg-ink:#0f172a',
    );
  });
});
