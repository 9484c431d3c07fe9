import { signIdentity, signPreviewGrant, verifyIdentity, verifyPreviewGrant } from '../src';

const secret = 'a-test-secret-of-some-length';

describe('signed identity', () => {
  it('verifies what was signed for the same method and url', () => {
    const headers = signIdentity(secret, 'GET', '/api/clients/1', { kind: 'admin', userId: 3 });
    expect(verifyIdentity(secret, 'GET', '/api/clients/1', headers)).toEqual({ kind: 'admin', userId: 3 });
  });

  it('refuses another url, another secret, a stale timestamp or a tampered identity', () => {
    const now = Date.now();
    const headers = signIdentity(secret, 'GET', '/api/clients/1', { kind: 'admin', userId: 3 }, now);
    expect(verifyIdentity(secret, 'GET', '/api/clients/2', headers, now)).toBeNull();
    expect(verifyIdentity('another-secret-entirely', 'GET', '/api/clients/1', headers, now)).toBeNull();
    expect(verifyIdentity(secret, 'GET', '/api/clients/1', headers, now + 120_000)).toBeNull();
    const forged = { ...headers, 'x-hap-identity': Buffer.from('{"kind":"admin","userId":1}').toString('base64url') };
    expect(verifyIdentity(secret, 'GET', '/api/clients/1', forged, now)).toBeNull();
  });

  it('refuses missing headers', () => {
    expect(verifyIdentity(secret, 'GET', '/', {})).toBeNull();
  });
});

describe('preview grant', () => {
  const admin = { kind: 'admin' as const, userId: 3, email: 'admin@example.com' };

  it('names the admin it was signed for, within a minute', () => {
    const now = Date.now();
    const grant = signPreviewGrant(secret, admin, now);
    expect(verifyPreviewGrant(secret, grant, now + 30_000)).toEqual(admin);
  });

  it('refuses a stale, forged, re-signed or malformed grant, and one that is not an admin’s', () => {
    const now = Date.now();
    const grant = signPreviewGrant(secret, admin, now);
    expect(verifyPreviewGrant(secret, grant, now + 120_000)).toBeNull();
    expect(verifyPreviewGrant('another-secret-entirely', grant, now)).toBeNull();
    const [, ts, signature] = grant.split('.');
    const other = Buffer.from(JSON.stringify({ ...admin, userId: 1 })).toString('base64url');
    expect(verifyPreviewGrant(secret, `${other}.${ts}.${signature}`, now)).toBeNull();
    expect(verifyPreviewGrant(secret, `${grant}.extra`, now)).toBeNull();
    expect(verifyPreviewGrant(secret, undefined, now)).toBeNull();
    expect(verifyPreviewGrant(secret, [grant], now)).toBeNull();
    expect(verifyPreviewGrant(secret, signPreviewGrant(secret, { kind: 'service', service: 'public-shell' }, now), now)).toBeNull();
  });

  it('is not a request signature: the signed headers of a request do not make a grant', () => {
    const headers = signIdentity(secret, 'GET', '/api/page-content/1', admin);
    const token = `${headers['x-hap-identity']}.${headers['x-hap-timestamp']}.${headers['x-hap-signature']}`;
    expect(verifyPreviewGrant(secret, token)).toBeNull();
  });
});
