import { IMAGE_VARIANT_WIDTHS as CONTRACT_WIDTHS, responsiveImage as contractResponsiveImage } from '@hap/contracts';
import { IMAGE_VARIANT_WIDTHS, responsiveImage } from '../../src/home/responsive-image';

/** The public pages' copy of the contracts' helper (kept to keep zod out of the bundle) gives the same answers. */
describe('responsiveImage (public pages copy)', () => {
  it('uses the same variant widths as the upload store', () => {
    expect([...IMAGE_VARIANT_WIDTHS]).toEqual([...CONTRACT_WIDTHS]);
  });

  const paths = [
    '/uploads/clients/17e476c7fd1a050d5df556600d0c8e9c.1600x900.jpg',
    '/uploads/staff/ab.640x800.png',
    '/uploads/staff/ab.300x300.webp',
    '/uploads/staff/ab.2400x1200.jpeg?v=2',
    '/uploads/clients/no-size.jpg',
    'https://cdn.example.com/a.1200x800.jpg',
    '/images/a.1200x800.jpg',
  ];
  it.each(paths)('%s', (path) => {
    for (const slot of [100, 320, 400, 640, 1000, 2000]) {
      expect(responsiveImage(path, slot)).toEqual(contractResponsiveImage(path, slot));
    }
  });
});
