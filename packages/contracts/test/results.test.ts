import { campaignIdOf, cellField, cellOfField, trafficSourceOf, utcDay, type PageViewCell } from '../src';

describe('trafficSourceOf: where a visit came from', () => {
  it.each([
    [{ gclid: 'Cj0KCQ' }, 'paid_google'],
    [{ gbraid: '0AAAA' }, 'paid_google'],
    [{ wbraid: '1BBBB', referrer: 'https://www.facebook.com/' }, 'paid_google'],
    [{ utmSource: 'Google', utmMedium: 'CPC' }, 'paid_google'],
    [{ utmSource: 'facebook', utmMedium: 'paid_social' }, 'paid_social'],
    [{ utmSource: 'ig', utmMedium: 'cpc' }, 'paid_social'],
    [{ fbclid: 'IwAR0', utmMedium: 'paid' }, 'paid_social'],
    [{ utmSource: 'newsletter', utmMedium: 'cpc' }, 'referral'],
    [{ utmSource: 'google', utmMedium: 'organic' }, 'organic_search'],
    [{ referrer: 'https://www.google.com/' }, 'organic_search'],
    [{ referrer: 'https://www.google.co.uk/search?q=trt' }, 'organic_search'],
    [{ referrer: 'https://search.yahoo.com/' }, 'organic_search'],
    [{ referrer: 'https://duckduckgo.com/' }, 'organic_search'],
    [{ referrer: 'https://www.facebook.com/' }, 'referral'],
    [{ referrer: 'https://healthblog.example/best-clinics' }, 'referral'],
    [{ fbclid: 'IwAR0' }, 'referral'],
    [{ utmSource: 'partner-site' }, 'referral'],
    [{ referrer: 'not a url' }, 'direct'],
    [{ gclid: '   ' }, 'direct'],
    [{}, 'direct'],
  ] as const)('%j is %s', (origin, source) => {
    expect(trafficSourceOf(origin)).toBe(source);
  });
});

describe('campaignIdOf: the landing URL’s hap_cid', () => {
  it.each([
    ['20123456789', '20123456789'],
    [' 42 ', '42'],
    ['', null],
    [null, null],
    ['12ab', null],
    ['1'.repeat(21), null],
  ] as const)('%j → %j', (value, id) => {
    expect(campaignIdOf(value)).toBe(id);
  });
});

describe('page view cells as Redis hash fields', () => {
  const cell: PageViewCell = { day: '2026-11-27', clientId: 4, serviceId: 17, kind: 'service', variant: 'C', source: 'paid_google', campaignId: '20123456789' };

  it('round-trip, a page of no service as 0', () => {
    expect(cellField(cell)).toBe('2026-11-27|4|17|service|C|paid_google|20123456789');
    expect(cellOfField(cellField(cell))).toEqual(cell);
    const home = { ...cell, serviceId: null, kind: 'home' as const, variant: '-' as const, source: 'direct' as const, campaignId: null };
    expect(cellField(home)).toBe('2026-11-27|4|0|home|-|direct|');
    expect(cellOfField(cellField(home))).toEqual(home);
  });

  it.each(['', '2026-11-27|4|17|service|C|direct', '2026-11-27|4|17|service|C|paid_google|1|x', '2026-13-45|4|17|service|C|direct|', 'yesterday|4|17|service|C|direct|', '2026-11-27|0|17|service|C|direct|', '2026-11-27|4|-1|service|C|direct|', '2026-11-27|4|1.5|service|C|direct|', '2026-11-27|4|17|admin|C|direct|', '2026-11-27|4|17|service|D|direct|', '2026-11-27|4|17|service|C|email|', '2026-11-27|4|17|service|C|paid_google|abc'])(
    'refuse %j',
    (field) => {
      expect(cellOfField(field)).toBeNull();
    },
  );

  it('days are UTC', () => {
    expect(utcDay(new Date('2026-11-27T23:30:00-05:00'))).toBe('2026-11-28');
  });
});
