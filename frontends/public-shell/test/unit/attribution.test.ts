import { TouchSchema } from '@hap/contracts';
import {
  ATTRIBUTION_STORAGE_KEY,
  carriesCampaign,
  externalReferrer,
  nextTouches,
  readTouches,
  recordVisit,
  styleVariantOf,
  touchOf,
  writeTouches,
} from '../../src/landing/attribution';

const origin = 'https://denvervitality.example';
const at = new Date('2026-11-23T17:00:00.000Z');
const visit = (search: string, extra: Partial<Parameters<typeof touchOf>[0]> = {}) => ({ search, pathname: '/trt', referrer: '', origin, now: at, ...extra });

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('touchOf', () => {
  it('reads the utm parameters, click ids and campaign id, the landing path, an outside referrer and the time', () => {
    const touch = touchOf(
      visit('?utm_source=google&utm_medium=cpc&utm_campaign=trt-denver&utm_term=trt+clinic&utm_content=ad1&gclid=abc&gbraid=g&wbraid=w&fbclid=f&hap_cid=20123456789&client=1', {
        referrer: 'https://www.google.com/',
      }),
    );
    expect(touch).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'trt-denver',
      utmTerm: 'trt clinic',
      utmContent: 'ad1',
      gclid: 'abc',
      gbraid: 'g',
      wbraid: 'w',
      fbclid: 'f',
      campaignId: '20123456789',
      landingPath: '/trt',
      referrer: 'https://www.google.com/',
      at: '2026-11-23T17:00:00.000Z',
    });
    expect(TouchSchema.safeParse(touch).success).toBe(true);
  });

  it('leaves out empty parameters and a referrer from this site, and cuts values to what the server takes', () => {
    const touch = touchOf(visit(`?utm_source=&utm_campaign=${'x'.repeat(300)}`, { referrer: `${origin}/` }));
    expect(touch.utmSource).toBeNull();
    expect(touch.utmCampaign).toHaveLength(200);
    expect(touch.referrer).toBeNull();
    expect(TouchSchema.safeParse(touch).success).toBe(true);
  });

  it('drops a NUL an ad address carries (%00), so the lead is never refused for it', () => {
    const touch = touchOf(visit('?utm_source=go%00ogle&gclid=%00'));
    expect(touch.utmSource).toBe('google');
    expect(touch.gclid).toBeNull();
    expect(TouchSchema.safeParse(touch).success).toBe(true);
  });

  it('knows an outside referrer from ours and ignores junk', () => {
    expect(externalReferrer('https://denvervitality.example/home', origin)).toBeNull();
    expect(externalReferrer('https://facebook.com/', origin)).toBe('https://facebook.com/');
    expect(externalReferrer('not a url', origin)).toBeNull();
    expect(externalReferrer('', origin)).toBeNull();
  });

  it('tells a campaign URL', () => {
    expect(carriesCampaign('?gclid=1')).toBe(true);
    expect(carriesCampaign('?client=1&style=b')).toBe(false);
    expect(carriesCampaign('?utm_source=')).toBe(false);
  });
});

describe('first and last touch', () => {
  const landing = touchOf(visit('?utm_source=google&gclid=1'));
  const later = touchOf(visit('?utm_source=facebook&fbclid=2'));
  const browsing = touchOf(visit('?client=1'));

  it('starts with this page as both', () => {
    expect(nextTouches(null, browsing, false)).toEqual({ first: browsing, last: browsing });
  });

  it('never replaces the first; replaces the last only for a URL with campaign parameters', () => {
    const start = nextTouches(null, landing, true);
    expect(nextTouches(start, browsing, false)).toBe(start);
    expect(nextTouches(start, later, true)).toEqual({ first: landing, last: later });
  });

  it('keeps them in session storage across page views', () => {
    const storage = memoryStorage();
    const route = { kind: 'service' as const, servicePath: 'trt', style: 'B' as const };
    recordVisit(storage, visit('?utm_source=google'), route);
    const second = recordVisit(storage, visit('?client=1'), route);
    expect(second.first?.utmSource).toBe('google');
    expect(second.last?.utmSource).toBe('google');
    const third = recordVisit(storage, visit('?utm_source=bing'), route);
    expect(third).toMatchObject({ first: { utmSource: 'google' }, last: { utmSource: 'bing' }, styleVariant: 'b' });
    expect(JSON.parse(storage.data.get(ATTRIBUTION_STORAGE_KEY)!)).toMatchObject({ first: { utmSource: 'google' } });
  });

  it('works without storage, or with storage that throws or holds junk', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(recordVisit(throwing, visit('?utm_source=google'), { kind: 'unified', servicePath: 'trt' })).toMatchObject({
      first: { utmSource: 'google' },
      last: { utmSource: 'google' },
      styleVariant: 'unified',
    });
    expect(recordVisit(null, visit(''), { kind: 'service', preview: true }).styleVariant).toBe('preview');
    expect(readTouches({ getItem: () => '{"first":1}' })).toBeNull();
    expect(readTouches({ getItem: () => 'not json' })).toBeNull();
    expect(() => writeTouches(throwing, { first: landing, last: landing })).not.toThrow();
  });
});

describe('styleVariantOf', () => {
  it('names the landing variant', () => {
    expect(styleVariantOf({ kind: 'service', style: 'A' })).toBe('a');
    expect(styleVariantOf({ kind: 'service', style: 'C', preview: false })).toBe('c');
    expect(styleVariantOf({ kind: 'service', style: 'B', preview: true })).toBe('preview');
    expect(styleVariantOf({ kind: 'unified' })).toBe('unified');
    expect(styleVariantOf({ kind: 'home' })).toBeNull();
  });
});
