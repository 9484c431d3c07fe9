import request from 'supertest';
import { LeadListQuerySchema } from '@hap/contracts';
import { createServiceApp, REDACTED_QUERY_PARAMS, redactUrl, signIdentity } from '../src';

describe('redactUrl', () => {
  it.each([
    ['/api/leads?clientId=3&q=jane%40example.com&page=2', '/api/leads?clientId=3&q=[redacted]&page=2'],
    ['/api/google-ads/oauth/callback?state=7.1.n.s&code=4%2Fabc&scope=x', '/api/google-ads/oauth/callback?state=[redacted]&code=[redacted]&scope=[redacted]'],
    ['/x?search=jane&Token=t&access_token=a&refresh_token=r&id_token=i&password=p&client_secret=c', '/x?search=[redacted]&Token=[redacted]&access_token=[redacted]&refresh_token=[redacted]&id_token=[redacted]&password=[redacted]&client_secret=[redacted]'],
    // As a query parser reads the name: escaped, with a `+`, with brackets, repeated, without a value.
    ['/x?%71=jane&q%5B%5D=a&q[]=b&q=c&q', '/x?%71=[redacted]&q%5B%5D=[redacted]&q[]=[redacted]&q=[redacted]&q=[redacted]'],
    ['/x?st%61te=s&pass+word=p', '/x?st%61te=[redacted]&[redacted]'],
    ['/admin/leads?q=555-0101#top', '/admin/leads?q=[redacted]'],
    ['/api/clients/3', '/api/clients/3'],
    ['/api/clients/search?q=x&sort=name&order=asc&page=2&pageSize=20', '/api/clients/search?q=[redacted]&sort=name&order=asc&page=2&pageSize=20'],
    // Only parameters the platform knows keep their values: a page's own, the ad click's, the API's.
    [
      '/prp-hair-restoration?client=12&style=b&utm_source=google&utm_campaign=hair&gclid=Cj0K&hap_cid=987&email=jane%40example.com&phone=555-0101',
      '/prp-hair-restoration?client=12&style=b&utm_source=google&utm_campaign=hair&gclid=Cj0K&hap_cid=987&email=[redacted]&phone=[redacted]',
    ],
    ['/thanks?ref=0f0e&Name=Jane+Doe&jane%40example.com&555-0101=x', '/thanks?ref=0f0e&Name=[redacted]&[redacted]&[redacted]'],
    ['/api/clients?status=active&codes=1&query=2', '/api/clients?status=active&codes=[redacted]&query=[redacted]'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it("covers the Leads inbox's search parameter", () => {
    const searchParameter = Object.keys(LeadListQuerySchema.shape).filter((key) => REDACTED_QUERY_PARAMS.has(key));
    expect(searchParameter).toEqual(['q']);
  });
});

describe("a service app's request log", () => {
  const secret = 'request-log-test-secret';
  const lines: string[] = [];
  const app = createServiceApp({ name: 'probe', internalSecret: secret, logLevel: 'info', logStream: { write: (line) => void lines.push(line) } });
  app.get('/api/leads', async (req) => {
    // A line that carries the headers, as a careless log call might.
    req.log.info({ headers: req.headers }, 'looked up');
    return { success: true as const, data: [] };
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('keeps the method, path and other parameters, never the search text, OAuth answers, cookies or signatures', async () => {
    const urls = ['/api/leads?clientId=3&q=jane%40example.com', '/api/leads?search=jane@example.com', '/api/leads?code=4/0AX-secret-code&state=7.1799.nonce.mac'];
    for (const url of urls) {
      const signed = signIdentity(secret, 'GET', url, { kind: 'admin', userId: 1, email: 'admin@example.com' });
      const res = await request(app.server).get(url).set(signed).set({ cookie: 'hap_sid=session-id-value', authorization: 'Bearer token-value' });
      expect(res.status).toBe(200);
    }
    const log = lines.join('');
    for (const secretValue of ['jane', 'example.com', '4/0AX-secret-code', '7.1799.nonce.mac', 'session-id-value', 'token-value']) {
      expect(log).not.toContain(secretValue);
    }
    const requests = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; headers?: Record<string, string> });
    expect(requests.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual([
      '/api/leads?clientId=3&q=[redacted]',
      '/api/leads?search=[redacted]',
      '/api/leads?code=[redacted]&state=[redacted]',
    ]);
    const headers = requests.find((l) => l.msg === 'looked up')?.headers;
    expect(headers).toMatchObject({ cookie: '[redacted]', authorization: '[redacted]', 'x-hap-signature': '[redacted]', 'x-hap-identity': '[redacted]' });
    expect(headers?.['x-hap-timestamp']).toEqual(expect.any(String));
  });
});
