import { LeadSubmitSchema } from '@hap/contracts';
import { attributedTouch, attributionOf, clientAddress, isBotSubmission, requestHash, userAgentOf } from '../../src/modules/leads/lead.rules';

const body = (overrides: Record<string, unknown> = {}) =>
  LeadSubmitSchema.parse({ name: 'Jane Smith', email: 'jane@example.com', phone: '3035550142', clientId: 1, serviceId: 2, consentText: 'I agree.', ...overrides });

describe('lead rules', () => {
  it('calls a filled honeypot a bot, and an empty or blank one a person', () => {
    expect(isBotSubmission({ website: 'http://spam.example' })).toBe(true);
    expect(isBotSubmission({ website: '' })).toBe(false);
    expect(isBotSubmission({ website: '   ' })).toBe(false);
    expect(isBotSubmission({})).toBe(false);
  });

  it('hashes equal submissions equally, whatever the key order, and different ones differently', () => {
    const a = body({ attribution: { first: { utmSource: 'google', gclid: 'x' }, styleVariant: 'a' } });
    const b = LeadSubmitSchema.parse({ consentText: 'I agree.', serviceId: 2, clientId: 1, phone: '3035550142', email: 'jane@example.com', name: 'Jane Smith', attribution: { styleVariant: 'a', first: { gclid: 'x', utmSource: 'google' } } });
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestHash(a)).not.toBe(requestHash(body({ email: 'john@example.com' })));
  });

  it('keeps the last touch in the columns, else the first', () => {
    const first = { utmSource: 'facebook' };
    const last = { utmSource: 'google' };
    expect(attributedTouch(body({ attribution: { first, last } }).attribution)?.utmSource).toBe('google');
    expect(attributedTouch(body({ attribution: { first } }).attribution)?.utmSource).toBe('facebook');
    expect(attributedTouch(body().attribution)).toBeNull();
  });

  it("takes the caller's address from the gateway's x-forwarded-for and caps the user agent", () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress(['203.0.113.7, 10.0.0.1'])).toBe('203.0.113.7');
    expect(clientAddress(undefined)).toBeNull();
    expect(userAgentOf('x'.repeat(2000))).toHaveLength(500);
    expect(userAgentOf(undefined)).toBeNull();
  });

  it('names a stored lead\'s attribution columns as the webhook and the lead detail do', () => {
    const row = {
      style_variant: 'b',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'trt-denver',
      utm_term: 'low t',
      utm_content: null,
      gclid: 'Cj0KCQ',
      landing_path: '/trt',
      email: 'not attribution',
    };
    expect(attributionOf(row)).toEqual({
      styleVariant: 'b',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'trt-denver',
      utmTerm: 'low t',
      utmContent: null,
      gclid: 'Cj0KCQ',
      landingPath: '/trt',
    });
  });
});
