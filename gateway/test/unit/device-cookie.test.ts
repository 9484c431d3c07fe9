import { DEVICE_COOKIE, DeviceCookies } from '../../src/modules/auth/device-cookie';

const secret = 'a device cookie test secret';
const email = 'Admin@Clinic.example';
const DAY_MS = 24 * 60 * 60_000;
const cookieHeader = (setCookie: string) => ({ headers: { cookie: `theme=dark; ${setCookie.split(';')[0]}` } });

describe('device cookies', () => {
  const now = Date.UTC(2026, 10, 27);
  const devices = new DeviceCookies({ secret, secure: false, now: () => now });

  it('is HttpOnly, SameSite=Strict, sent only to the login route, for a year, Secure when asked', () => {
    const setCookie = devices.issue(email);
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=v1\\.[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]{43}; `));
    expect(setCookie).toContain('; Max-Age=31536000; Path=/api/admin/login; HttpOnly; SameSite=Strict');
    expect(setCookie).not.toContain('Secure');
    expect(new DeviceCookies({ secret, secure: true }).issue(email)).toMatch(/; Secure$/);
  });

  it('names a new device at every login', () => {
    const first = devices.deviceOf(cookieHeader(devices.issue(email)), email);
    const second = devices.deviceOf(cookieHeader(devices.issue(email)), email);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).not.toBe(first);
  });

  it("knows the device for its account only, whatever the e-mail's case and spaces", () => {
    const request = cookieHeader(devices.issue(email));
    expect(devices.deviceOf(request, ' admin@clinic.EXAMPLE ')).not.toBeNull();
    expect(devices.deviceOf(request, 'someone-else@clinic.example')).toBeNull();
  });

  it('refuses a cookie that was changed, made with another secret, or is missing', () => {
    const value = devices.issue(email).split(';')[0];
    const [name, cookie] = value.split('=');
    const parts = cookie.split('.');
    const otherNonce = [...parts.slice(0, 2), 'A'.repeat(22), ...parts.slice(3)].join('.');
    const otherMac = [...parts.slice(0, 4), 'A'.repeat(43)].join('.');
    for (const forged of [otherNonce, otherMac, `${cookie}x`, 'v1.garbage']) {
      expect(devices.deviceOf({ headers: { cookie: `${name}=${forged}` } }, email)).toBeNull();
    }
    const elsewhere = new DeviceCookies({ secret: 'another secret entirely', secure: false, now: () => now });
    expect(elsewhere.deviceOf({ headers: { cookie: value } }, email)).toBeNull();
    expect(devices.deviceOf({ headers: {} }, email)).toBeNull();
  });

  it('expires after a year, and takes a few minutes of another replica’s clock', () => {
    const request = cookieHeader(devices.issue(email));
    const at = (ms: number) => new DeviceCookies({ secret, secure: false, now: () => ms });
    expect(at(now + 364 * DAY_MS).deviceOf(request, email)).not.toBeNull();
    expect(at(now + 366 * DAY_MS).deviceOf(request, email)).toBeNull();
    expect(at(now - 60_000).deviceOf(request, email)).not.toBeNull();
    expect(at(now - DAY_MS).deviceOf(request, email)).toBeNull();
  });
});
