import { signIdentity, verifyIdentity } from '../src';

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
