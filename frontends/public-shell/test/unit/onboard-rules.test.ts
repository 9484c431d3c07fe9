import { OnboardingSubmitSchema, type CatalogueEntry } from '@hap/contracts';
import { catalogueOf, failureOf, register, registrationOf, REGISTRATION_FALLBACK_MESSAGE } from '../../src/onboard/onboard-api';
import {
  cutDescription,
  DETAIL_FIELDS,
  detailErrors,
  detailErrorsFrom,
  groupCatalogue,
  selectedIn,
  selectionError,
  serviceCountLabel,
  type DetailValues,
} from '../../src/onboard/onboard-rules';

const entry = (id: number, name: string, category: string, subcategory: string, extra: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  category,
  subcategory,
  description: `${name} described.`,
  offer: null,
  ...extra,
});

const valid: DetailValues = {
  name: 'Summit Wellness',
  address: '12 Elm Street, Austin',
  phone: '(512) 555-0199',
  email: 'owner@summit.example',
  website: '',
  domain: '',
};

describe('onboarding details (docs/public-site.md): the page says what the server schema says', () => {
  const samples: Array<Partial<DetailValues>> = [
    {},
    { name: 'ab' },
    { name: '  abc  ' },
    { address: 'Elm' },
    { phone: '555-0199' },
    { phone: '5125550199' },
    { email: 'owner' },
    { email: 'owner@summit' },
    { email: 'owner@@summit.example' },
    { website: 'summit.example' },
    { website: 'ftp://summit.example' },
    { website: 'https://summit.example/about' },
    { domain: 'https://WWW.Summit.example/about' },
    { domain: 'not a host' },
    { domain: 'summit_clinic.com' },
    { name: 'x'.repeat(201) },
    { name: '', address: '', phone: '', email: '' },
  ];

  it.each(samples.map((s) => [JSON.stringify(s), s] as const))('agrees with OnboardingSubmitSchema for %s', (_label, change) => {
    const values = { ...valid, ...change };
    const parsed = OnboardingSubmitSchema.safeParse({ ...values, selectedServiceIds: [1] });
    const fromSchema = parsed.success ? {} : detailErrorsFrom(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    expect(detailErrors(values)).toEqual(fromSchema);
  });

  it("uses the spec's words", () => {
    expect(detailErrors({ name: 'ab', address: 'x', phone: '1', email: 'y', website: 'z', domain: '' })).toEqual({
      name: 'Business name must be at least 3 characters',
      address: 'Address is required',
      phone: 'Phone number is required',
      email: 'Must be a valid email',
      website: 'Must be a valid URL',
    });
    expect(detailErrors(valid)).toEqual({});
  });

  it('asks for at least one service', () => {
    expect(selectionError([])).toBe('Please select at least one service');
    expect(selectionError([4])).toBeNull();
  });

  it("takes the server's field issues for the detail fields only", () => {
    expect(
      detailErrorsFrom([
        { path: 'email', message: 'Must be a valid email' },
        { path: 'email', message: 'second' },
        { path: 'selectedServiceIds', message: 'Please select at least one service' },
      ]),
    ).toEqual({ email: 'Must be a valid email' });
    expect(DETAIL_FIELDS).toEqual(['name', 'address', 'phone', 'email', 'website', 'domain']);
  });
});

describe('the catalogue in three levels (docs/public-site.md Onboarding)', () => {
  const catalogue = [
    entry(1, 'TRT', "Men's Health", "Men's Health", { offer: 'Free labs' }),
    entry(2, 'Semaglutide', 'Wellness Clinic', 'Weight Management'),
    entry(3, 'Medical Weight Loss', 'Wellness Clinic', 'Weight Management'),
    entry(4, 'Peptides', 'Longevity', 'Peptide Therapy'),
    entry(5, 'CoolSculpting', 'Aesthetic', 'Body Contouring'),
    entry(6, 'Botox', 'Aesthetic', 'Skin & Aesthetics'),
    entry(7, 'Mystery', '', ''),
  ];

  it("orders the spec's categories and subcategories first, others by name, services by name; counts every level", () => {
    const tree = groupCatalogue(catalogue);
    expect(tree.map((c) => [c.name, c.serviceCount])).toEqual([
      ['Wellness Clinic', 2],
      ["Men's Health", 1],
      ['Aesthetic', 2],
      ['Longevity', 1],
      ['Other Services', 1],
    ]);
    expect(tree[2]!.subcategories.map((s) => s.name)).toEqual(['Skin & Aesthetics', 'Body Contouring']);
    expect(tree[0]!.subcategories[0]!.services.map((s) => s.name)).toEqual(['Medical Weight Loss', 'Semaglutide']);
    expect(tree[4]!.subcategories[0]!.name).toBe('General');
    expect(tree[0]!.description).toMatch(/weight/i);
    expect(tree[3]!.description).toBeNull();
    expect(tree[1]!.subcategories[0]!.services[0]!.offer).toBe('Free labs');
    expect(groupCatalogue([])).toEqual([]);
  });

  it('cuts descriptions at 100 characters, on a word when one is near', () => {
    const long = 'Physician-guided weight loss with regular check-ins, lab work and a plan that fits your daily routine and goals.';
    const cut = cutDescription(long);
    expect(cut.length).toBeLessThanOrEqual(101);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cutDescription('Short   and\nsweet.')).toBe('Short and sweet.');
    expect(cutDescription('x'.repeat(150))).toBe(`${'x'.repeat(100)}…`);
  });

  it('counts the chosen services on a card and says counts in words', () => {
    const services = groupCatalogue(catalogue)[0]!.subcategories[0]!.services;
    expect(selectedIn(new Set([2, 5]), services)).toBe(1);
    expect(serviceCountLabel(1)).toBe('1 service');
    expect(serviceCountLabel(3)).toBe('3 services');
  });
});

describe('the onboarding calls', () => {
  it('reads the catalogue answer and leaves out entries without an id or a name', () => {
    expect(catalogueOf({ success: true, data: [{ id: 1, name: 'TRT', category: 'A', subcategory: 'B', description: 'd', offer: '' }, { id: 'x' }, null] })).toEqual([
      { id: 1, name: 'TRT', slug: '', category: 'A', subcategory: 'B', description: 'd', offer: null },
    ]);
    expect(catalogueOf({ success: false, message: 'no' })).toBeNull();
  });

  it("reads the new clinic, and a failure's sentence and field issues, or the spec's fallback", () => {
    expect(registrationOf({ success: true, data: { clientId: 12, name: 'Summit', activatedServiceIds: [1, 4], created: true } })).toEqual({
      clientId: 12,
      name: 'Summit',
      activatedServiceIds: [1, 4],
      created: true,
    });
    expect(registrationOf({ success: true, data: {} })).toBeNull();
    expect(failureOf(422, { success: false, message: 'Validation failed', issues: [{ path: 'email', message: 'Must be a valid email' }] })).toEqual({
      ok: false,
      status: 422,
      message: 'Validation failed',
      issues: [{ path: 'email', message: 'Must be a valid email' }],
    });
    expect(failureOf(502, '<html>Bad gateway</html>')).toMatchObject({ message: REGISTRATION_FALLBACK_MESSAGE, issues: [] });
  });

  it('sends the idempotency key and never throws on a lost connection', async () => {
    const seen: RequestInit[] = [];
    const ok = await register({ ...valid, selectedServiceIds: [1] }, 'key-12345678', (async (_url: string, init: RequestInit) => {
      seen.push(init);
      return new Response(JSON.stringify({ success: true, data: { clientId: 3, name: 'S', activatedServiceIds: [1], created: false } }), { status: 201 });
    }) as typeof fetch);
    expect(ok).toEqual({ ok: true, result: { clientId: 3, name: 'S', activatedServiceIds: [1], created: false } });
    expect((seen[0]!.headers as Record<string, string>)['idempotency-key']).toBe('key-12345678');
    const lost = await register({ ...valid, selectedServiceIds: [1] }, 'key-12345678', (async () => {
      throw new TypeError('network');
    }) as typeof fetch);
    expect(lost).toMatchObject({ ok: false, status: 0, message: REGISTRATION_FALLBACK_MESSAGE });
  });
});
