import { startFakeGoHighLevel } from '@hap/test-kit/fakes/gohighlevel';
import { createGoHighLevel, GhlError, GHL_API_VERSION, splitName, type GhlConfig } from '../src/gohighlevel';

describe('GoHighLevel adapter (against a loopback fake of API v2)', () => {
  let ghl: Awaited<ReturnType<typeof startFakeGoHighLevel>>;
  const config = (over: Partial<GhlConfig> = {}): GhlConfig => ({
    GHL_AGENCY_TOKEN: 'pit-agency-123',
    GHL_COMPANY_ID: 'comp_1',
    GHL_BASE_URL: ghl.url,
    GHL_TIMEOUT_MS: 2000,
    ...over,
  });
  const contact = { name: 'Maria de la Cruz', email: 'Maria@Example.com', phone: '+13035550142', source: 'Website form', tags: ['website lead'] };

  beforeAll(async () => {
    ghl = await startFakeGoHighLevel({ agencyToken: 'pit-agency-123', companyId: 'comp_1', locations: ['loc_A', 'loc_B'] });
  });
  afterAll(() => ghl.close());

  it('is absent without the agency token or company id', () => {
    expect(createGoHighLevel(config({ GHL_AGENCY_TOKEN: undefined }))).toBeNull();
    expect(createGoHighLevel(config({ GHL_COMPANY_ID: undefined }))).toBeNull();
  });

  it('mints a location token once, then upserts into that location: created, then updated, never duplicated', async () => {
    const crm = createGoHighLevel(config())!;
    const before = ghl.calls.length;
    const first = await crm.upsertContact('loc_A', contact);
    const second = await crm.upsertContact('loc_A', { ...contact, tags: ['returning'] });

    expect(first.created).toBe(true);
    expect(second).toEqual({ contactId: first.contactId, created: false });
    expect(ghl.contactsOf('loc_A')).toEqual([
      expect.objectContaining({ id: first.contactId, firstName: 'Maria', lastName: 'de la Cruz', email: 'maria@example.com', tags: ['website lead', 'returning'] }),
    ]);
    const calls = ghl.calls.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/oauth/locationToken', '/contacts/upsert', '/contacts/upsert']);
    expect(calls.every((c) => c.version === GHL_API_VERSION)).toBe(true);
    expect(calls[0].authorization).toBe('Bearer pit-agency-123');
    expect(calls[1].authorization).toMatch(/^Bearer loc_/);
  });

  it('mints a new token once when GoHighLevel revoked the cached one', async () => {
    const crm = createGoHighLevel(config())!;
    await crm.upsertContact('loc_B', contact);
    ghl.revokeTokens();
    const before = ghl.calls.length;
    await crm.upsertContact('loc_B', { ...contact, phone: '+13035550199', email: 'other@example.com' });
    expect(ghl.calls.slice(before).map((c) => c.path)).toEqual(['/contacts/upsert', '/oauth/locationToken', '/contacts/upsert']);
    expect(ghl.contactsOf('loc_B')).toHaveLength(2);
  });

  it('says what went wrong, and whether waiting could help', async () => {
    const crm = createGoHighLevel(config())!;
    await crm.upsertContact('loc_A', contact);
    ghl.failNext(429, 1, { message: 'Too many requests' });
    await expect(crm.upsertContact('loc_A', contact)).rejects.toMatchObject({ status: 429, retryable: true, message: 'GoHighLevel answered 429 to /contacts/upsert: Too many requests' });

    const unknown = crm.upsertContact('loc_missing', contact);
    await expect(unknown).rejects.toBeInstanceOf(GhlError);
    await expect(unknown).rejects.toMatchObject({ status: 400, retryable: false, message: 'GoHighLevel answered 400 to /oauth/locationToken: Location not found' });

    const wrongToken = createGoHighLevel(config({ GHL_AGENCY_TOKEN: 'pit-wrong' }))!;
    await expect(wrongToken.upsertContact('loc_A', contact)).rejects.toMatchObject({ status: 401, retryable: false });

    const down = createGoHighLevel(config({ GHL_BASE_URL: 'http://127.0.0.1:9' }))!;
    await expect(down.upsertContact('loc_A', contact)).rejects.toMatchObject({ status: null, retryable: true, message: expect.stringMatching(/^GoHighLevel could not be reached/) });
  });

  it('splits a name into first and last', () => {
    expect(splitName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitName('Ada Lovelace King')).toEqual({ firstName: 'Ada', lastName: 'Lovelace King' });
  });
});
