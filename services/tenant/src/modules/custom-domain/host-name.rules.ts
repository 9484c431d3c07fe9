import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { getDomain } from 'tldts';
import { CustomDomainMessages as M } from '@hap/contracts';

export type HostNameCheck = { ok: true; domain: string } | { ok: false; message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** IPv4 written with fewer dots or in hex/octal (`2130706433`, `0x7f.1`): URL parsers read these as addresses. */
const NUMERIC_HOST = /^(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}\.?$/;

/**
 * The host name rules of a custom domain (issue 28), pure: lower case, IDN
 * through punycode, no IP literal, no wildcard, no scheme, port or path (a
 * pasted URL is refused with words, not guessed at: what the person meant by
 * `https://clinic.com/trt` is not ours to decide), at least two labels, the
 * DNS length limits, and never one of `platformHosts` (the edge host, the
 * public base URL's host) or a name under them.
 */
export function checkHostName(input: string, platformHosts: readonly string[] = []): HostNameCheck {
  const raw = input.trim();
  if (!raw) return { ok: false, message: M.required };
  if (/[/:?#@\s\\]/.test(raw) && !raw.includes('[') && isIP(raw) === 0) return { ok: false, message: M.notHostOnly };
  const bare = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  if (isIP(bare) !== 0 || NUMERIC_HOST.test(bare.toLowerCase())) return { ok: false, message: M.ipLiteral };
  if (raw.includes('[') || raw.includes(']')) return { ok: false, message: M.notHostOnly };
  if (raw.includes('*')) return { ok: false, message: M.wildcard };
  const trimmed = raw.replace(/\.$/, '');
  // An all-digit last label is how URL parsers spot an IPv4 address (`clinic.123`); no top-level domain is one.
  if (/(^|\.)(0x[0-9a-f]*|[0-9]+)$/i.test(trimmed)) return { ok: false, message: M.ipLiteral };
  if (trimmed.length > 253 * 4) return { ok: false, message: M.tooLong };
  // UTS #46 processing: lower case, IDN → punycode; '' for a name it cannot map.
  const ascii = domainToASCII(trimmed);
  if (!ascii) return { ok: false, message: M.badName };
  if (ascii.length > 253) return { ok: false, message: M.tooLong };
  const labels = ascii.split('.');
  if (labels.length < 2) return { ok: false, message: M.oneLabel };
  for (const label of labels) {
    if (label.length > 63) return { ok: false, message: M.tooLong };
    if (!LABEL.test(label)) return { ok: false, message: M.badName };
  }
  // A public suffix (co.uk, github.io) is nobody's domain: DNS there is not the clinic's to set.
  if (getDomain(ascii, { allowPrivateDomains: true }) === null) return { ok: false, message: M.publicSuffix(ascii) };
  const own = platformHosts.map((h) => h.toLowerCase().replace(/\.$/, '')).filter(Boolean);
  if (own.some((host) => ascii === host || ascii.endsWith(`.${host}`))) return { ok: false, message: M.platformHost };
  return { ok: true, domain: ascii };
}
