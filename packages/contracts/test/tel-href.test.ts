import { telHref } from '../src';

describe('tel: links (docs/leads.md#the-front-desk)', () => {
  it('dials a US number as typed in E.164, and anything else as typed', () => {
    expect(telHref('(208) 555-0134')).toBe('tel:+12085550134');
    expect(telHref('1-208-555-0134')).toBe('tel:+12085550134');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('208 555 01345')).toBe('tel:20855501345');
  });
});
