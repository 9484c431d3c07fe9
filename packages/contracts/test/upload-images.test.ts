import { IMAGE_VARIANT_WIDTHS, pickVariant, responsiveImage, sizeInPath, srcSetOf, variantPathOf, variantsOf, variantWidthsFor } from '../src/images';

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

describe('sizeInPath', () => {
  const hex = 'ab'.repeat(16);

  it.each([
    [`/uploads/clients/${hex}.960x240.png`, { width: 960, height: 240 }],
    [`/uploads/templates/demo-trt-hero-v1.1920x1080.jpg`, { width: 1920, height: 1080 }],
    [`/uploads/images/${hex}.700x467.jpg?v=2`, { width: 700, height: 467 }],
  ])('reads the size from the stored name %s', (path, size) => {
    expect(sizeInPath(path)).toEqual(size);
  });

  it.each([
    [`/uploads/images/${hex}.png`, 'an older, unsized upload'],
    ['https://cdn.example.com/hero.jpg', 'an outside URL'],
    [`/uploads/images/${hex}.0x240.png`, 'a zero width'],
    [`/uploads/images/${hex}.960x0.png`, 'a zero height'],
    [`/uploads/images/${hex}.999999x1.png`, 'a six-digit width'],
    ['', 'nothing'],
  ])('is null for %s (%s)', (path) => {
    expect(sizeInPath(path)).toBeNull();
  });
});

describe('responsiveImage', () => {
  const hex = 'cd'.repeat(16);

  it('builds src, srcset, width and height from a sized stored path', () => {
    const path = `/uploads/images/${hex}.1920x1080.jpg`;
    const image = responsiveImage(path, 600);
    expect(image).toEqual({
      src: `/uploads/images/${hex}.1920x1080-640w.webp`,
      srcSet: [320, 640, 960, 1280, 1920].map((w) => `/uploads/images/${hex}.1920x1080-${w}w.webp ${w}w`).join(', '),
      width: 1920,
      height: 1080,
    });
    // The variant names are the ones the store writes: variantPathOf of the original.
    expect(image.src).toBe(variantPathOf(path, 640));
  });

  it('never asks for a variant wider than the original: a small image gets its own width', () => {
    const path = `/uploads/staff/${hex}.800x1000.jpg`;
    expect(responsiveImage(path, 1200)).toMatchObject({ src: `/uploads/staff/${hex}.800x1000-800w.webp`, width: 800, height: 1000 });
    expect(responsiveImage(path, 1200).srcSet).toBe(
      `/uploads/staff/${hex}.800x1000-320w.webp 320w, /uploads/staff/${hex}.800x1000-640w.webp 640w, /uploads/staff/${hex}.800x1000-800w.webp 800w`,
    );
  });

  it('uses a path without a size, or outside /uploads/, as it is', () => {
    expect(responsiveImage(`/uploads/images/${hex}.png`, 640)).toEqual({ src: `/uploads/images/${hex}.png` });
    expect(responsiveImage('https://cdn.example.com/a.1920x1080.jpg', 640)).toEqual({ src: 'https://cdn.example.com/a.1920x1080.jpg' });
    expect(responsiveImage('/images/hero.1920x1080.jpg', 640)).toEqual({ src: '/images/hero.1920x1080.jpg' });
  });
});
