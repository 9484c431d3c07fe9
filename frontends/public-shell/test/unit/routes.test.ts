import { pageAddress, pageKindFor, RESERVED_WORDS, routeFor, styleOf } from '../../src/routes';

describe('routeFor (docs/public-site.md routes)', () => {
  it.each(['/', '/home', '/client-home', '/Home/', '//client-home'])('shows the home page (reading A) at %s', (path) => {
    expect(routeFor(path)).toEqual({ kind: 'home' });
  });

  it.each(['/standalone-client-home', '/legacy-home', '/Legacy-Home/'])('shows the client landing page (reading B) at %s', (path) => {
    expect(routeFor(path)).toEqual({ kind: 'client-landing' });
  });

  it('sends /login to the admin login', () => {
    expect(routeFor('/LOGIN')).toEqual({ kind: 'login', redirect: '/admin/login' });
  });

  it('gives /admin and everything below it to the admin entry', () => {
    expect(pageKindFor('/admin')).toBe('admin');
    expect(pageKindFor('/admin/')).toBe('admin');
    expect(pageKindFor('/admin/clients/3/ads')).toBe('admin');
    // The clinic portal is a screen of the same remote: the same page machinery.
    expect(pageKindFor('/portal')).toBe('admin');
    expect(pageKindFor('/portal/leads')).toBe('admin');
  });

  it('treats any other single word as a service path, style A unless ?style= says otherwise', () => {
    expect(routeFor('/trt')).toEqual({ kind: 'service', servicePath: 'trt', style: 'A', explicitStyle: false, preview: false });
    expect(routeFor('/administrator')).toMatchObject({ kind: 'service', servicePath: 'administrator' });
    expect(routeFor('/trt', '?style=c')).toMatchObject({ style: 'C', explicitStyle: true });
    expect(routeFor('/trt', '?style=z')).toMatchObject({ style: 'A', explicitStyle: false });
    expect(routeFor('/trt', '?preview=1')).toMatchObject({ preview: true });
  });

  it.each([...RESERVED_WORDS].filter((w) => !['home', 'client-home', 'legacy-home', 'standalone-client-home', 'login', 'admin', 'portal', 'thanks', 'onboard', 'appointment'].includes(w)))(
    'shows not-found for the reserved word /%s',
    (word) => {
      expect(routeFor(`/${word}`)).toEqual({ kind: 'not-found' });
    },
  );

  it('the booking pages (docs/booking.md#pages): /thanks with its service, /book of a service, /appointment of a link', () => {
    expect(routeFor('/thanks', '?client=4&ref=0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11&service=17')).toEqual({
      kind: 'thanks',
      reference: '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11',
      serviceId: 17,
    });
    expect(routeFor('/thanks', '?service=0')).toEqual({ kind: 'thanks' });
    expect(routeFor('/thanks', '?service=17x')).toEqual({ kind: 'thanks' });
    expect(routeFor('/book', '?client=4&service=17&token=12.4.mac')).toEqual({ kind: 'book', serviceId: 17, token: '12.4.mac' });
    expect(routeFor('/book', '?client=4&service=17')).toEqual({ kind: 'book', serviceId: 17 });
    // No service: nothing to book.
    expect(routeFor('/book', '?client=4')).toEqual({ kind: 'not-found' });
    expect(routeFor('/appointment', '?client=4&token=abc.def&booked=1')).toEqual({ kind: 'appointment', token: 'abc.def', booked: true });
    expect(routeFor('/appointment', `?token=${'x'.repeat(301)}`)).toEqual({ kind: 'appointment', booked: false });
    expect(routeFor('/book/now')).toEqual({ kind: 'not-found' });
  });

  it('shows the self-registration at /onboard; below it, as for every reserved word, not-found', () => {
    expect(routeFor('/onboard')).toEqual({ kind: 'onboard' });
    expect(routeFor('/Onboard/', '?client=3')).toEqual({ kind: 'onboard' });
    expect(routeFor('/onboard/a')).toEqual({ kind: 'not-found' });
  });

  it('shows the thank-you page at /thanks, with a receipt reference only when it is a UUID', () => {
    expect(routeFor('/thanks')).toEqual({ kind: 'thanks' });
    expect(routeFor('/Thanks/', '?client=1')).toEqual({ kind: 'thanks' });
    const ref = '0B6F1F7E-4A4C-4C8E-9A53-7F1F0D2F3C11';
    expect(routeFor('/thanks', `?client=1&ref=${ref}`)).toEqual({ kind: 'thanks', reference: ref.toLowerCase() });
    expect(routeFor('/thanks', '?ref=<script>')).toEqual({ kind: 'thanks' });
    expect(RESERVED_WORDS.has('thanks')).toBe(true);
  });

  it("maps the two fixed service routes as the spec does, after the clinic's own service at that path", () => {
    expect(routeFor('/weight-management')).toMatchObject({ kind: 'service', servicePath: 'weight-management', aliasOf: 'weight-loss' });
    expect(routeFor('/weightloss')).toMatchObject({ kind: 'service', servicePath: 'weightloss', aliasOf: 'weight-management' });
  });

  it('serves /services/{path} and /funnel-service/{path} as service pages', () => {
    expect(routeFor('/services/ed')).toMatchObject({ kind: 'service', servicePath: 'ed' });
    expect(routeFor('/funnel-service/ed', '?style=b')).toMatchObject({ kind: 'service', servicePath: 'ed', style: 'B' });
    expect(routeFor('/services/ed/more')).toEqual({ kind: 'not-found' });
  });

  it('serves /unified/{path} as the unified page and its style-a|b|c variants as styles', () => {
    expect(routeFor('/unified/trt')).toEqual({ kind: 'unified', servicePath: 'trt' });
    expect(routeFor('/unified/trt/style-b')).toMatchObject({ kind: 'service', servicePath: 'trt', style: 'B', explicitStyle: true });
    expect(routeFor('/unified/trt/STYLE-C')).toMatchObject({ style: 'C' });
    expect(routeFor('/unified/trt/style-d')).toEqual({ kind: 'not-found' });
    expect(routeFor('/unified')).toEqual({ kind: 'not-found' });
  });

  it('serves /{path}/{a|b|c} in that style, any case, and not-found for another variant', () => {
    expect(routeFor('/trt/b')).toMatchObject({ kind: 'service', servicePath: 'trt', style: 'B', explicitStyle: true });
    expect(routeFor('/trt/C')).toMatchObject({ style: 'C' });
    expect(routeFor('/trt/d')).toEqual({ kind: 'not-found' });
    expect(routeFor('/thanks/a')).toEqual({ kind: 'not-found' });
  });

  it('redirects a path that starts with ? (an encoded query) home, with it', () => {
    expect(routeFor('/%3Fclient=3')).toEqual({ kind: 'home', redirect: '/?client=3' });
  });

  it('answers not-found for deeper paths, undecodable ones and paths that cannot name a service', () => {
    expect(routeFor('/this/page/does-not-exist')).toEqual({ kind: 'not-found' });
    expect(routeFor('/home/more')).toEqual({ kind: 'not-found' });
    expect(routeFor('/%E0%A4%A')).toEqual({ kind: 'not-found' });
    expect(routeFor('/wp-login.php')).toEqual({ kind: 'not-found' });
    expect(routeFor(`/${'a'.repeat(201)}`)).toEqual({ kind: 'not-found' });
  });
});

describe('styleOf', () => {
  it('upper-cases a, b or c and falls back otherwise', () => {
    expect(styleOf('b')).toBe('B');
    expect(styleOf(' C ')).toBe('C');
    expect(styleOf('x', 'B')).toBe('B');
    expect(styleOf(null)).toBe('A');
  });
});

describe('pageAddress (the address a page carries; server/page-cache.ts keys on it)', () => {
  it('keeps the path and, normalised, only what changes the page', () => {
    expect(pageAddress('/trt', '?style=C&utm_source=google&gclid=Cj0&fbclid=IwAR&gbraid=g&wbraid=w&x=1', null)).toBe('/trt?style=c');
    expect(pageAddress('/', '?variant=b&utm_campaign=spring', null)).toBe('/?variant=b');
    expect(pageAddress('/trt', '?preview=true', null)).toBe('/trt?preview=1');
    expect(pageAddress('/trt', '?style=z&variant=a', null)).toBe('/trt');
  });

  it('names the clinic only when ?client= was accepted, as the clinic it chose', () => {
    expect(pageAddress('/trt', '?client=02&style=b', 2)).toBe('/trt?client=2&style=b');
    expect(pageAddress('/trt', '?client=999', null)).toBe('/trt');
  });
});
