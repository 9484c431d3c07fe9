import { homeVariantOf, VARIANT_B_MAX_SERVICES } from '../../src/home/home-variant';
import { DEFAULT_HOME_TESTIMONIALS, mapLinkFor, starsOf } from '../../src/home/variants/variant-content';

describe('homeVariantOf', () => {
  it('is A unless ?variant= asks for b or c, in any case', () => {
    expect(homeVariantOf('')).toBe('A');
    expect(homeVariantOf(null)).toBe('A');
    expect(homeVariantOf('?client=2')).toBe('A');
    expect(homeVariantOf('?variant=b')).toBe('B');
    expect(homeVariantOf('?client=2&variant=C')).toBe('C');
    expect(homeVariantOf(new URLSearchParams('variant=a'))).toBe('A');
    expect(homeVariantOf('?variant=d')).toBe('A');
  });

  it('caps variant B at 6 services (docs/public-site.md)', () => {
    expect(VARIANT_B_MAX_SERVICES).toBe(6);
  });
});

describe('variant B content', () => {
  it('has three default testimonials, each with an author and a rating of at most 5', () => {
    expect(DEFAULT_HOME_TESTIMONIALS).toHaveLength(3);
    for (const t of DEFAULT_HOME_TESTIMONIALS) {
      expect(t.author).toBeTruthy();
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
    }
  });

  it('draws whole stars from 0 to 5, 5 when the rating is missing', () => {
    expect(starsOf(4)).toBe(4);
    expect(starsOf(4.6)).toBe(5);
    expect(starsOf(9)).toBe(5);
    expect(starsOf(-1)).toBe(0);
    expect(starsOf(undefined)).toBe(5);
    expect(starsOf(Number.NaN)).toBe(5);
  });

  it('links the address out to a maps search, encoded', () => {
    expect(mapLinkFor(' 1450 Larimer Street, Suite 200 & Co ')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1450%20Larimer%20Street%2C%20Suite%20200%20%26%20Co',
    );
  });
});
