import { telHref } from '../../src/home/contact-links';

describe('telHref', () => {
  it('keeps only digits and a leading plus', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567');
    expect(telHref('+1 555.123.4567 ext')).toBe('tel:+15551234567');
  });
});
