import {
  adsRoutes,
  ApiError,
  buildPath,
  buildQuery,
  createApiClient,
  leadsRoutes,
  routes,
  routeTable,
  sessionRoutes,
  templatesRoutes,
  tenantRoutes,
  type RouteContract,
  type TransportRequest,
} from '../src';

describe('buildPath', () => {
  it('fills :params, URI-encoding each value', () => {
    expect(buildPath('/api/clients/:id', { id: 3 })).toBe('/api/clients/3');
    expect(buildPath('/api/x/:a/y/:b', { a: 'a b', b: '../etc' })).toBe('/api/x/a%20b/y/..%2Fetc');
  });

  it('keeps the slashes of a trailing wildcard, encoding each segment', () => {
    expect(buildPath('/uploads/*', { '*': 'images/a b.webp' })).toBe('/uploads/images/a%20b.webp');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => buildPath('/api/clients/:id', {})).toThrow('Missing path parameter "id" for /api/clients/:id');
  });
});

describe('buildQuery', () => {
  it('leaves out undefined and null, repeats arrays', () => {
    expect(buildQuery({ a: 1, b: undefined, c: null, d: ['x', 'y'], e: 'h&m' })).toBe('?a=1&d=x&d=y&e=h%26m');
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('the route table', () => {
  it('has one row per method and path, and unique operation names', () => {
    const keys = routeTable.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ops = routeTable.map((r) => r.operation);
    expect(new Set(ops).size).toBe(ops.length);
    for (const [key, route] of Object.entries(routes)) expect(route.operation).toBe(key);
  });

  it("is assembled from the owners' files, each holding only its owner's rows, none left out", () => {
    const byOwner = { gateway: sessionRoutes, tenant: tenantRoutes, templates: templatesRoutes, leads: leadsRoutes, ads: adsRoutes };
    for (const [owner, rows] of Object.entries(byOwner)) {
      const rowsOfOtherOwners = Object.values(rows as Record<string, RouteContract>).filter((row) => row.owner !== owner);
      expect({ owner, rowsOfOtherOwners }).toEqual({ owner, rowsOfOtherOwners: [] });
    }
    const assembled = Object.values(byOwner).flatMap((rows) => Object.keys(rows));
    expect(assembled.sort()).toEqual(Object.keys(routes).sort());
  });

  it('declares the error envelope for every error status and the envelope for success', () => {
    const row = routes.updateClient;
    expect(Object.keys(row.responses).map(Number).sort()).toEqual([200, 400, 401, 403, 404, 413, 429, 500, 503]);
    expect(routes.getUpload.responses[200]).toBeNull();
  });

  it('gives each other success status of a row the success schema', () => {
    expect(routes.submitLead.responses[202]).toBe(routes.submitLead.responses[201]);
    expect(routes.updateClient.responses[202]).toBeUndefined();
  });

  it('keeps internal rows under /internal and every other row under /api or /uploads', () => {
    for (const row of routeTable) {
      if (row.access === 'internal') expect(row.path.startsWith('/internal/')).toBe(true);
      else expect(row.path === '/uploads/*' || row.path.startsWith('/api/')).toBe(true);
    }
  });
});

describe('createApiClient', () => {
  const sent: TransportRequest[] = [];
  const answer = (status: number, body: unknown) => {
    const client = createApiClient(async (request) => {
      sent.push(request);
      return { status, text: typeof body === 'string' ? body : JSON.stringify(body) };
    });
    return client;
  };
  beforeEach(() => sent.splice(0));

  it('builds the request from the row and returns the parsed data', async () => {
    const client = answer(201, { success: true, data: { id: 5, clientId: 2, name: 'Ann', title: null, bio: null, imagePath: null, displayOrder: 0, createdAt: '2026-01-01T00:00:00.000Z' } });
    const staff = await client.call(routes.createStaffMember, { body: { clientId: 2, name: 'Ann' } });
    expect(staff.name).toBe('Ann');
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/staff-members', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(sent[0].body as string)).toEqual({ clientId: 2, name: 'Ann' });
  });

  it('parses a projection strictly by the schema the caller expects', async () => {
    const branding = { id: 1, name: 'A', address: null, phone: null, email: null, website: null, brandColor: '#000000', brandBgColor: '#ffffff', logoPath: null, officeImagePath: null, bookingLink: null };
    const client = answer(200, { success: true, data: branding });
    const got = await client.call(routes.getClient, { params: { id: 1 }, query: { optimized: 'true' } }, { projection: 'branding' });
    expect(got).toEqual(branding);
    expect(sent[0].url).toBe('/api/clients/1?optimized=true');
    // Expecting the admin view, a public answer is not silently accepted.
    await expect(client.call(routes.getClient, { params: { id: 1 } }, { projection: 'admin' })).rejects.toMatchObject({
      code: 'UNEXPECTED_ANSWER',
    });
  });

  it('accepts another success status the row lists, and only those', async () => {
    const receipt = { success: true, data: { reference: '0b8f3c6e-6a4e-4d55-9a34-2f1d0c7e9b11' } };
    const body = { name: 'Ann Lee', email: 'ann@example.com', phone: '(303) 555-0142', clientId: 1, serviceId: 2, consentText: 'I agree to be contacted.' };
    await expect(answer(202, receipt).call(routes.submitLead, { body })).resolves.toEqual(receipt.data);
    await expect(answer(200, receipt).call(routes.submitLead, { body })).rejects.toMatchObject({ status: 200 });
  });

  it("throws the server's sentence and code on an error answer", async () => {
    const client = answer(404, { success: false, code: 'NOT_FOUND', message: 'Client 9 was not found.' });
    const error = await client.call(routes.getClient, { params: { id: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Client 9 was not found.' });
  });

  it('says what came back when the error is not the envelope', async () => {
    const client = answer(502, '<html>Bad gateway</html>');
    await expect(client.call(routes.listClients, {})).rejects.toMatchObject({ status: 502, code: null, message: '502: <html>Bad gateway</html>' });
  });
});
