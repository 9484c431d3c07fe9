import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Google's OAuth 2.0 endpoints as far as connecting Google Ads uses them, on
 * a loopback port: the consent page (`GET /o/oauth2/v2/auth`) consents at once
 * and sends the browser back to `redirect_uri` with a code and the state it
 * was given (or `error=access_denied` for a scripted refusal), and the token
 * endpoint (`POST /token`, form body) trades a code once, for the right client
 * and redirect URI, for a refresh token and an id_token with the account's
 * e-mail, and the revocation endpoint (`POST /revoke`) forgets a token it
 * handed out. Every call is recorded.
 */
export async function startFakeGoogleOAuth(options: { clientId: string; clientSecret: string; email?: string }) {
  const codes = new Map<string, string>(); // code → redirect_uri
  const calls: Array<{ method: string; path: string; query: Record<string, string>; form: Record<string, string> }> = [];
  let refuseNext = false;
  const refreshTokens: string[] = [];
  const revoked: string[] = [];
  const email = options.email ?? 'ads-manager@agency.example';

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const query = Object.fromEntries(url.searchParams);
      const form = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: req.method ?? '', path: url.pathname, query, form });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
        if (query.client_id !== options.clientId || !query.redirect_uri) return json(400, { error: 'invalid_request' });
        const back = new URL(query.redirect_uri);
        if (refuseNext) {
          refuseNext = false;
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = `4/${randomBytes(12).toString('hex')}`;
          codes.set(code, query.redirect_uri);
          back.searchParams.set('code', code);
        }
        if (query.state) back.searchParams.set('state', query.state);
        return res.writeHead(302, { location: back.toString() }).end();
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) return json(401, { error: 'invalid_client' });
        const redirect = codes.get(form.code ?? '');
        if (form.grant_type !== 'authorization_code' || !redirect || redirect !== form.redirect_uri) return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        codes.delete(form.code!);
        const refreshToken = `1//${randomBytes(16).toString('hex')}`;
        refreshTokens.push(refreshToken);
        const claims = Buffer.from(JSON.stringify({ iss: 'https://accounts.google.com', email, email_verified: true })).toString('base64url');
        return json(200, {
          access_token: `ya29.${randomBytes(8).toString('hex')}`,
          expires_in: 3599,
          refresh_token: refreshToken,
          scope: 'https://www.googleapis.com/auth/adwords openid email',
          token_type: 'Bearer',
          id_token: `e30.${claims}.sig`,
        });
      }
      if (req.method === 'POST' && url.pathname === '/revoke') {
        // Google's revocation endpoint (RFC 7009): the token forgotten; an unknown one is invalid_token.
        const token = form.token ?? '';
        if (!refreshTokens.includes(token) || revoked.includes(token)) return json(400, { error: 'invalid_token' });
        revoked.push(token);
        return json(200, {});
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    authUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    revokeUrl: `${url}/revoke`,
    calls,
    /** The refresh tokens revoked (a disconnect), in order. */
    revoked,
    /** The refresh tokens handed out, in order. */
    refreshTokens,
    /** The next consent is refused (the admin clicked Cancel at Google). */
    refuseNext: () => {
      refuseNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
