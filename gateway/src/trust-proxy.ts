import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Whom the gateway believes about the client's address, scheme and host
 * (`X-Forwarded-For/-Proto/-Host`), as Fastify's `trustProxy` takes it:
 * `false` (no proxy: the socket's peer is the client), the addresses or CIDR
 * ranges of the proxies in front (the client is the nearest address that is
 * not one of them), or `true` (every hop: the leftmost address, which a client
 * can write itself; for tests and drills only). A hop count is refused:
 * Fastify 5.12 trusts no proxy for one (it cannot tell that the peer is the
 * proxy), so `1` would silently leave every visitor at the ingress's address.
 */
export type TrustProxy = boolean | string[];

/** proxy-addr's (Fastify's) names for address ranges, usable in a list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** zod's stringbool words, as TRUST_PROXY took them before it took addresses. */
const TRUE_WORDS = new Set(['true', 'yes', 'on', 'y', 'enabled']);
const FALSE_WORDS = new Set(['false', 'no', 'off', 'n', 'disabled']);

const isAddressOrRange = (entry: string) => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: unset, empty, `0` or `false` → `false`; `true` → every hop;
 * otherwise a comma list of addresses, CIDR ranges or proxy-addr's
 * `loopback`/`linklocal`/`uniquelocal`. Anything else (a hop count included)
 * fails at boot.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim().toLowerCase() ?? '';
    if (text === '' || text === '0' || FALSE_WORDS.has(text)) return false;
    if (TRUE_WORDS.has(text)) return true;
    if (/^\d+$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${text}" is a hop count, which Fastify does not trust: list the proxies' addresses or CIDR ranges (e.g. the cluster's pod range)`,
      });
      return z.NEVER;
    }
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad.join(', ') || text}" is not true/false or a list of proxy addresses and CIDR ranges`,
      });
      return z.NEVER;
    }
    return entries;
  });
