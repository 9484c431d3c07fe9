/**
 * Web addresses, zod-free: the schemas (fields.ts, tenant/domain.ts,
 * tenant/onboarding.ts) and the public pages' own form checks use the same
 * rules without the schema library.
 */

/** An absolute http or https URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A syntactically valid, already normalised host name (www.clinic.com). */
export const isHostName = (host: string): boolean => HOSTNAME.test(host);

/** Lower-cases a host and strips a port: `WWW.Clinic.com:443` → `www.clinic.com`. */
export function normaliseHost(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '');
}

/** The host of what a person typed as their domain: `https://WWW.Clinic.com/about` → `www.clinic.com`. */
export const domainFromInput = (value: string): string => normaliseHost(value.trim().replace(/^https?:\/\//i, '').replace(/\/.*$/, ''));

/** The origin (scheme, host, port) of an absolute URL, or null when it is none (an Origin header, a referrer). */
export function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
