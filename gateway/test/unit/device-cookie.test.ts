import { DEVICE_COOKIE, DeviceCookies } from '../../src/modules/auth/device-cookie';

const secret = 'a device cookie test secret';
const email = 'Admin@Clinic.example';
const DAY_MS = 24 * 60 * 60_000;

describe('device cookies', () => {
  const now = Date.UTC(2026, 10, 27);
  const devices = new DeviceCookies({ secret, secure: false, now: () => now });

  // The Set-Cookie header these make is checked in test/integration/cookies.api.test.ts.
  it('is HttpOnly, SameSite=Strict, sent only to the login route, for a year, Secure when asked', () => {
    expect(DEVICE_COOKIE).toBe('hap_device');
    expect(devices.issue(email)).toMatch(/^v1\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(devices.cookieOptions).toEqual({ maxAge: 31536000, path: '/api/admin/login', httpOnly: true, sameSite: 'strict', secure: false });
    expect(new DeviceCookies({ secret, secure: true }).cookieOptions).toMatchObject({ secure: true });
  });

  it('names a new device at every login', () => {
    const first = devices.deviceOf(devices.issue(email), email);
    const second = devices.deviceOf(devices.issue(email), email);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).not.toBe(first);
  });

  it("knows the device for its account only, whatever the e-mail's case and spaces", () => {
    const cookie = devices.issue(email);
    expect(devices.deviceOf(cookie, ' admin@clinic.EXAMPLE ')).not.toBeNull();
    expect(devices.deviceOf(cookie, 'someone-else@clinic.example')).toBeNull();
  });

  it('refuses a cookie that was changed, made with another secret, or is missing', () => {
    const cookie = devices.issue(email);
    const parts = cookie.split('.');
    const otherNonce = [...parts.slice(0, 2), 'A'.repeat(22), ...parts.slice(3)].join('.');
    const otherMac = [...parts.slice(0, 4), 'A'.repeat(43)].join('.');
    for (const forged of [otherNonce, otherMac, `${cookie}x`, 'v1.garbage']) {
      expect(devices.deviceOf(forged, email)).toBeNull();
    }
    const elsewhere = new DeviceCookies({ secret: 'another secret entirely', secure: false, now: () => now });
    expect(elsewhere.deviceOf(cookie, email)).toBeNull();
    expect(devices.deviceOf(undefined, email)).toBeNull();
  });

  it('expires after a year, and takes a few minutes of another replica’s clock', () => {
    const cookie = devices.issue(email);
    const at = (ms: number) => new DeviceCookies({ secret, secure: false, now: () => ms });
    expect(at(now + 364 * DAY_MS).deviceOf(cookie, email)).not.toBeNull();
    expect(at(now + 366 * DAY_MS).deviceOf(cookie, email)).toBeNull();
    expect(at(now - 60_000).deviceOf(cookie, email)).not.toBeNull();
    expect(at(now - DAY_MS).deviceOf(cookie, email)).toBeNull();
  });
});
