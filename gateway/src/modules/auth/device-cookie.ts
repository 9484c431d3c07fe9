import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { routes } from '@hap/contracts';

/**
 * A browser an admin has logged in from before (OWASP's device cookies,
 * "Slow Brute Force Protection"): each successful login leaves a signed
 * cookie naming the account and a random nonce. A login that shows one for its
 * account is counted against that device alone, not against the account's
 * lock, so strangers' wrong passwords cannot lock the admin out of a browser
 * they already use (login-throttle.ts).
 */
export const DEVICE_COOKIE = 'hap_device';

const VERSION = 'v1';
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
const CLOCK_SKEW_SECONDS = 300;
/** v1.<account>.<nonce>.<issued, epoch seconds>.<mac>, all base64url but the time. */
const SHAPE = /^v1\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The account an e-mail names, as the throttle and the device cookie know it: Redis and cookies hold no e-mail address. */
export const accountOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

export interface DeviceCookieOptions {
  /** The gateway's INTERNAL_SECRET: a key for this purpose only is derived from it. */
  secret: string;
  /** `Secure` cookie (COOKIE_SECURE). */
  secure: boolean;
  now?: () => number;
}

export class DeviceCookies {
  private readonly key: Buffer;
  private readonly now: () => number;
  /** The cookie's attributes: a year long, sent only to the login route, never to scripts nor from other sites. */
  readonly cookieOptions: CookieSerializeOptions;
  /** The same for the portal's login route (docs/portal.md: the known-device rule applies to every user kind). */
  readonly portalCookieOptions: CookieSerializeOptions;

  constructor(options: DeviceCookieOptions) {
    // Its own key: a device cookie's MAC can never pass for another signature made with the secret.
    this.key = createHmac('sha256', options.secret).update('hap login device cookie').digest();
    this.now = options.now ?? Date.now;
    this.cookieOptions = { maxAge: LIFETIME_SECONDS, path: routes.adminLogin.path, httpOnly: true, sameSite: 'strict', secure: options.secure };
    this.portalCookieOptions = { ...this.cookieOptions, path: routes.portalLogin.path };
  }

  private mac(account: string, nonce: string, issued: string) {
    return createHmac('sha256', this.key).update(`${VERSION}.${account}.${nonce}.${issued}`).digest('base64url');
  }

  /** The value of a new device cookie of `email`'s account (set with `cookieOptions`). */
  issue(email: string): string {
    const account = accountOf(email);
    const nonce = randomBytes(16).toString('base64url');
    const issued = String(Math.floor(this.now() / 1000));
    return `${VERSION}.${account}.${nonce}.${issued}.${this.mac(account, nonce, issued)}`;
  }

  /**
   * The device (its nonce) when `cookie`, the request's device cookie, is a
   * genuine, unexpired one of `email`'s account; null otherwise (none,
   * forged, of another account, older than a year).
   */
  deviceOf(cookie: string | undefined, email: string): string | null {
    const match = SHAPE.exec(cookie ?? '');
    if (!match) return null;
    const [, account, nonce, issued, mac] = match;
    const expected = Buffer.from(this.mac(account, nonce, issued));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
    const age = this.now() / 1000 - Number(issued);
    // A few minutes "from the future" are another replica's clock, not a forgery (the MAC says who made it).
    if (age < -CLOCK_SKEW_SECONDS || age > LIFETIME_SECONDS) return null;
    return account === accountOf(email) ? nonce : null;
  }
}
