import { signExperimentArm } from '@hap/service-kit';
import { LeadSubmitSchema } from '@hap/contracts';
import {
  FORM_REPEAT_WINDOW_MS,
  formIdempotencyKeys,
  formPagePath,
  ownPagePath,
  problemLine,
  submissionOf,
  thanksPath,
} from '../../src/modules/leads/lead-form-post';

const post = (overrides: Record<string, string> = {}) => ({
  name: 'Jane Smith',
  email: 'jane@example.com',
  phone: '3035550142',
  clientId: '4',
  serviceId: '17',
  consentVersion: 'lead-form-v1',
  ...overrides,
});

describe('the lead form posted without script', () => {
  it('keeps only paths of our own pages', () => {
    expect(ownPagePath('/trt?client=1&utm_source=google')).toBe('/trt?client=1&utm_source=google');
    expect(ownPagePath('//evil.example/x')).toBeNull();
    expect(ownPagePath('https://evil.example/x')).toBeNull();
    expect(ownPagePath('/\\evil.example')).toBeNull();
    expect(ownPagePath('trt')).toBeNull();
    expect(ownPagePath(undefined)).toBeNull();
  });

  it('reads the ids as numbers and leaves other text for the schema to refuse', () => {
    const ok = LeadSubmitSchema.safeParse(submissionOf(post(), null));
    expect(ok.success && ok.data).toMatchObject({ clientId: 4, serviceId: 17, attribution: null, consentVersion: 'lead-form-v1' });
    // A page rendered before consent versions posts its sentence instead: it names the same version.
    const { consentVersion: _none, ...older } = post({ consentText: 'By submitting, you agree that Apex Health may contact you by phone, text or e-mail about your enquiry.' });
    expect(LeadSubmitSchema.parse(submissionOf(older, null)).consentVersion).toBe('lead-form-v1');
    const bad = LeadSubmitSchema.safeParse(submissionOf(post({ clientId: '4x' }), null));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Client id must be a number');
  });

  it("takes the campaign from the landing URL, without a time, and a referrer only when the page's origin is known", () => {
    const landing = '/trt?utm_source=google&gclid=abc';
    const withOrigin = submissionOf(post({ landingUrl: landing, referrer: 'https://www.google.com/', styleVariant: 'c' }), 'https://clinic.example');
    expect(withOrigin.attribution).toEqual({
      first: expect.objectContaining({ utmSource: 'google', gclid: 'abc', landingPath: '/trt', referrer: 'https://www.google.com/', at: null }),
      last: expect.objectContaining({ utmSource: 'google', at: null }),
      styleVariant: 'c',
      experiment: null,
    });
    expect(submissionOf(post({ landingUrl: landing, referrer: 'https://www.google.com/' }), null).attribution?.first?.referrer).toBeNull();
    // Only the page's style variant (a browser with no script at all).
    expect(submissionOf(post({ styleVariant: 'a' }), null).attribution).toEqual({ first: null, last: null, styleVariant: 'a', experiment: null });
    // The experiment arm the page showed, as the page's signed token: the arm it names and the token (the
    // service verifies it); anything else, the old unsigned `12:B` too, is no arm, never a refusal.
    const token = signExperimentArm('secret', { experimentId: 12, variant: 'B', clientId: 1 });
    expect(submissionOf(post({ styleVariant: 'b', experiment: token }), null).attribution?.experiment).toEqual({ id: 12, variant: 'B', token });
    for (const odd of ['12:B', '12:Z', '0:A', 'x', '12:B:1', '99999999999:A', token.replace('.B.', '.Z.'), `0${token.slice(2)}`])
      expect(submissionOf(post({ styleVariant: 'b', experiment: odd }), null).attribution?.experiment).toBeNull();
  });

  it('gives the same form the same key within ten minutes, and names the window before for a repeat across the boundary', () => {
    const parse = (o: Record<string, string> = {}) => LeadSubmitSchema.parse(submissionOf(post(o), null));
    const start = new Date(Math.ceil(Date.now() / FORM_REPEAT_WINDOW_MS) * FORM_REPEAT_WINDOW_MS);
    const [key, before] = formIdempotencyKeys(parse(), start);
    expect(key).toMatch(/^form-[0-9a-f]{40}$/);
    expect(before).not.toBe(key);
    expect(formIdempotencyKeys(parse(), new Date(start.getTime() + FORM_REPEAT_WINDOW_MS - 1))[0]).toBe(key);
    // A second later, across the boundary: the first post's key is the one "before".
    const [next, nextBefore] = formIdempotencyKeys(parse(), new Date(start.getTime() + FORM_REPEAT_WINDOW_MS));
    expect(next).not.toBe(key);
    expect(nextBefore).toBe(key);
    expect(formIdempotencyKeys(parse({ phone: '3035550143' }), start)[0]).not.toBe(key);
  });

  it('drops a NUL from the address bar rather than refuse the lead', () => {
    const parsed = LeadSubmitSchema.safeParse(submissionOf(post({ landingUrl: '/trt?utm_source=go%00ogle&utm_campaign=a\u0000b' }), null));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.attribution?.first?.utmCampaign).toBe('ab');
  });

  it('names the field of a message that does not name it', () => {
    expect(problemLine(['phone'], 'Must be at most 40 characters')).toBe('Phone Number: Must be at most 40 characters');
    expect(problemLine(['message'], 'Text must not contain NUL characters')).toBe('Message: Text must not contain NUL characters');
    expect(problemLine(['name'], 'Name must be at least 2 characters')).toBe('Name must be at least 2 characters');
    expect(problemLine(['clientId'], 'Client id must be a number')).toBe('Client id must be a number');
  });

  it('leads back to the form the visitor was on, and on to its thank-you page', () => {
    expect(formPagePath(post({ landingUrl: '/trt?client=4' }))).toBe('/trt?client=4#contact');
    expect(formPagePath(post())).toBeNull();
    expect(formPagePath(post({ landingUrl: '//evil.example/x' }))).toBeNull();
    expect(thanksPath(4, 'a b')).toBe('/thanks?client=4&ref=a%20b');
  });
});
