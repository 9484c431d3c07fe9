import { ClientPageSchema } from '@hap/contracts';
import { ADMIN, ANONYMOUS, startTenant, type TestTenant } from '../helpers/app';
import { createClient, uniq } from '../helpers/factories';

/** The Clients list's search, sort and paging. */
describe('GET /api/clients/search', () => {
  let t: TestTenant;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTenant();
    token = `Zq${uniq()}`;
    // Five clinics sharing the token, added in an order unlike their names.
    for (const [key, name, phone] of [
      ['delta', `delta Dental ${token}`, '(503) 555-0101'],
      ['alpha', `Alpha Aesthetics ${token}`, '(503) 555-0102'],
      ['echo', `Echo 50%_off ${token}`, '(212) 777-0199'],
      ['bravo', `bravo Brows ${token}`, '(503) 555-0104'],
      ['charlie', `Charlie Care ${token}`, '(503) 555-0105'],
    ] as const) {
      ids[key] = (await createClient(t.dataSource, { name, phone })).id;
    }
  });
  afterAll(() => t.close());

  const search = (query: Record<string, string>) => t.api.get(`/api/clients/search?${new URLSearchParams(query)}`, ADMIN);

  it('finds by any part of the name, sorted by name without regard to case, one page at a time', async () => {
    const first = await search({ q: token.toLowerCase(), pageSize: '2' });
    expect(first.status).toBe(200);
    const body = ClientPageSchema.strict().parse(first.body.data);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 2, pageCount: 3 });
    expect(body.items.map((c) => c.id)).toEqual([ids.alpha, ids.bravo]);

    const last = await search({ q: token, pageSize: '2', page: '3' });
    expect(last.body.data.items.map((c: { id: number }) => c.id)).toEqual([ids.echo]);
    const beyond = await search({ q: token, pageSize: '2', page: '9' });
    expect(beyond.body.data).toMatchObject({ items: [], total: 5, page: 9, pageCount: 3 });
  });

  it('sorts by name descending, by when they were added, and by id', async () => {
    const desc = await search({ q: token, sort: 'name', order: 'desc' });
    expect(desc.body.data.items.map((c: { id: number }) => c.id)).toEqual([ids.echo, ids.delta, ids.charlie, ids.bravo, ids.alpha]);
    const added = await search({ q: token, sort: 'createdAt', order: 'asc' });
    expect(added.body.data.items.map((c: { id: number }) => c.id)).toEqual([ids.delta, ids.alpha, ids.echo, ids.bravo, ids.charlie]);
    const byId = await search({ q: token, sort: 'id', order: 'desc' });
    expect(byId.body.data.items.map((c: { id: number }) => c.id)).toEqual([ids.charlie, ids.bravo, ids.echo, ids.alpha, ids.delta]);
  });

  it('finds the phone by its digits and treats % and _ as text', async () => {
    const phone = await search({ q: '212 777', pageSize: '100' });
    expect(phone.body.data.items.map((c: { id: number }) => c.id)).toContain(ids.echo);
    expect(phone.body.data.items.map((c: { id: number }) => c.id)).not.toContain(ids.alpha);
    const literal = await search({ q: `50%_off ${token}` });
    expect(literal.body.data.items.map((c: { id: number }) => c.id)).toEqual([ids.echo]);
    const wildcard = await search({ q: `%${token}` });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('matches phones only for a search that is a phone number: words with digits in them are text', async () => {
    // '0102' is the end of Alpha's phone; inside words it is part of a name or an address, not a phone number.
    const words = await search({ q: 'Suite 0102 West', pageSize: '100' });
    expect(words.status).toBe(200);
    expect(words.body.data.items.map((c: { id: number }) => c.id)).not.toContain(ids.alpha);
    const phone = await search({ q: '(503) 555-0102', pageSize: '100' });
    expect(phone.body.data.items.map((c: { id: number }) => c.id)).toContain(ids.alpha);
  });

  it('defaults to the first page of 20 by name when nothing is asked', async () => {
    const res = await t.api.get('/api/clients/search', ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, pageSize: 20 });
    const names: string[] = res.body.data.items.map((c: { name: string }) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it.each([
    [{ sort: 'email' }, 'sort', 'Sort must be one of name, createdAt, id'],
    [{ order: 'up' }, 'order', 'Order must be asc or desc'],
    [{ page: '0' }, 'page', 'Page must be 1 or more'],
    [{ page: 'two' }, 'page', 'Page must be a whole number'],
    [{ pageSize: '101' }, 'pageSize', 'Page size must be at most 100'],
    [{ q: 'x'.repeat(201) }, 'q', 'Search text must be at most 200 characters'],
  ])('answers 400 with a clear message for %j', async (query, path, message) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    expect(res.body.issues).toEqual([{ path, message }]);
  });

  it('refuses a caller without an admin identity', async () => {
    const res = await t.api.get('/api/clients/search', ANONYMOUS);
    expect(res.status).toBe(401);
  });
});
