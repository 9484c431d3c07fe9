import { emailLineBreaks, telHref } from '../../src/home/contact-links';

describe('telHref', () => {
  it('keeps only digits and a leading plus', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567');
    expect(telHref('+1 555.123.4567 ext')).toBe('tel:+15551234567');
  });
});

describe('emailLineBreaks', () => {
  it('breaks after the @ and before each dot of the domain', () => {
    expect(emailLineBreaks('scottsdale@vitalitylifestylemed.com')).toEqual(['scottsdale@', 'vitalitylifestylemed', '.com']);
    expect(emailLineBreaks('a.b@mail.example.co.uk')).toEqual(['a.b@', 'mail', '.example', '.co', '.uk']);
  });

  it('keeps what is not an address whole', () => {
    expect(emailLineBreaks('no-address')).toEqual(['no-address']);
  });
});
