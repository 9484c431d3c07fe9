import { ApiError, routes } from '@hap/contracts';
import { api } from '../../src/lib/api';
import { fetchAuthUser } from '../../src/lib/auth';

/** The browser's fetch, answered by the test; each call is recorded. */
const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const answer = (status: number, body: unknown) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

const admin = { id: 1, email: 'admin@healthads.local', name: 'Admin', isAdmin: true };

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
beforeEach(() => fetchMock.mockReset());

describe('api (the admin remote calls through the route contracts)', () => {
  it('sends same-origin requests with the session cookie and a JSON body', async () => {
    answer(200, { success: true, data: { user: admin } });
    await expect(api.call(routes.adminLogin, { body: { email: 'admin@healthads.local', password: 'secret' } })).resolves.toEqual({ user: admin });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"admin@healthads.local","password":"secret"}' });
    expect(init.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' });
  });

  it("throws the server's sentence and code, fit for a toast", async () => {
    answer(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    const failure = api.call(routes.adminLogin, { body: { email: 'a@b.co', password: 'x' } });
    await expect(failure).rejects.toThrow(new ApiError('Invalid email or password.', 401, 'INVALID_CREDENTIALS'));
  });

  it('sends no body and no content type on a GET', async () => {
    answer(200, { success: true, data: [] });
    await expect(api.call(routes.listClients, {})).resolves.toEqual([]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/clients');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('content-type');
  });
});

describe('fetchAuthUser (docs/admin.md session check)', () => {
  it('is the signed-in admin', async () => {
    answer(200, { success: true, user: admin });
    await expect(fetchAuthUser()).resolves.toEqual(admin);
  });

  it('is null, not an error, when the gateway says 401', async () => {
    answer(401, { success: false, code: 'UNAUTHENTICATED', message: 'Please log in as an admin to continue.' });
    await expect(fetchAuthUser()).resolves.toBeNull();
  });

  it('lets other failures through, so the guard can show them', async () => {
    answer(503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Sign-in is temporarily unavailable.' });
    await expect(fetchAuthUser()).rejects.toMatchObject({ status: 503, message: 'Sign-in is temporarily unavailable.' });
  });
});
