import { DEFAULT_SERVICE_DESCRIPTION, FALLBACK_SERVICES } from '@hap/contracts';
import { FALLBACK_SERVICE_CARDS, landingServiceHref, landingServices, websiteHref } from '../../src/client-landing/landing-services';

describe('reading B fallback services (docs/public-site.md)', () => {
  // The list itself (TRT 999 … Semaglutide 994) is held to the spec where it is used first: services/templates content.rules.test.ts.
  it("equal the contracts' list, with their slugs and the generic description", () => {
    expect(FALLBACK_SERVICE_CARDS.map((s) => ({ id: s.id, name: s.name, slug: s.slug }))).toEqual(
      FALLBACK_SERVICES.map((s) => ({ id: s.id, name: s.name, slug: s.template_slug })),
    );
    for (const card of FALLBACK_SERVICE_CARDS) expect(card.description).toBe(DEFAULT_SERVICE_DESCRIPTION);
  });
});

describe('landingServices', () => {
  const own = [
    { id: 6, name: 'TRT', description: 'Testosterone therapy.', slug: 'trt', offer: 'Free Consultation', image: null },
    { id: 7, name: 'ED', description: '  ', slug: 'ed', offer: null, image: null },
  ];

  it("shows the clinic's own services, with the generic description where one has none", () => {
    expect(landingServices(own, true)).toEqual({
      cards: [own[0], { ...own[1], description: DEFAULT_SERVICE_DESCRIPTION }],
      fallback: false,
    });
  });

  it('shows the fallback services when the clinic has none', () => {
    expect(landingServices([], true)).toEqual({ cards: FALLBACK_SERVICE_CARDS, fallback: true });
  });

  it('shows no cards when the catalogue did not answer (the page says so)', () => {
    expect(landingServices([], false)).toEqual({ cards: [], fallback: false });
  });
});

describe('landingServiceHref', () => {
  it("always names the client: '/{service path}?client={client id}'", () => {
    expect(landingServiceHref('trt', 4)).toBe('/trt?client=4');
    expect(landingServiceHref('weight loss', 12)).toBe('/weight%20loss?client=12');
  });
});

describe('websiteHref', () => {
  it('keeps http(s) addresses and adds https:// to a bare domain', () => {
    expect(websiteHref('https://www.apexmenshealth.com')).toBe('https://www.apexmenshealth.com/');
    expect(websiteHref('http://clinic.example/about')).toBe('http://clinic.example/about');
    expect(websiteHref(' www.clinic.example ')).toBe('https://www.clinic.example/');
  });

  it('never links another scheme, a non-address or nothing', () => {
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('mailto:a@b.example')).toBeNull();
    expect(websiteHref('not a site')).toBeNull();
    expect(websiteHref('')).toBeNull();
    expect(websiteHref(null)).toBeNull();
  });
});
