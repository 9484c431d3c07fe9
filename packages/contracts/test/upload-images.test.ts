import { IMAGE_VARIANT_WIDTHS, pickVariant, srcSetOf, variantPathOf, variantsOf, variantWidthsFor } from '../src/tenant/upload';

describe('variantWidthsFor', () => {
  it.each([
    [4, [4]],
    [320, [320]],
    [321, [320, 321]],
    [700, [320, 640, 700]],
    [1920, [320, 640, 960, 1280, 1920]],
    [4000, [...IMAGE_VARIANT_WIDTHS]],
  ])('an original %i px wide gets %j (never wider than itself)', (width, expected) => {
    expect(variantWidthsFor(width)).toEqual(expected);
  });
});

describe('variantPathOf', () => {
  it('names the WebP next to the original', () => {
    expect(variantPathOf('/uploads/images/abc.png', 640)).toBe('/uploads/images/abc-640w.webp');
    expect(variantPathOf('/uploads/staff/abc.jpg', 320)).toBe('/uploads/staff/abc-320w.webp');
  });
});

describe('variantsOf', () => {
  it('keeps the aspect ratio, rounding heights', () => {
    expect(variantsOf('/uploads/images/a.jpg', 700, 467)).toEqual([
      { width: 320, height: 213, path: '/uploads/images/a-320w.webp' },
      { width: 640, height: 427, path: '/uploads/images/a-640w.webp' },
      { width: 700, height: 467, path: '/uploads/images/a-700w.webp' },
    ]);
  });
});

describe('srcSetOf', () => {
  it('lists the variants narrowest first with their widths', () => {
    const variants = [
      { width: 640, path: '/b.webp' },
      { width: 320, path: '/a.webp' },
    ];
    expect(srcSetOf(variants)).toBe('/a.webp 320w, /b.webp 640w');
    expect(variants[0].width).toBe(640); // the input is not reordered
  });

  it('is empty without variants', () => {
    expect(srcSetOf([])).toBe('');
  });
});

describe('pickVariant', () => {
  const variants = [{ width: 320 }, { width: 960 }, { width: 640 }];
  it.each([
    [100, 320],
    [320, 320],
    [500, 640],
    [961, 960],
  ])('for a %i px slot picks the %i px variant', (slot, width) => {
    expect(pickVariant(variants, slot)).toEqual({ width });
  });

  it('is null without variants', () => {
    expect(pickVariant([], 300)).toBeNull();
  });
});
