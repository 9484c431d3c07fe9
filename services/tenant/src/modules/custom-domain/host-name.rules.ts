import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { getDomain } from 'tldts';
import { CustomDomainMessages as M } from '@hap/contracts';

export type HostNameCheck = { ok: true; domain: string } | { ok: false; message: string };

export interface HostNameOptions {
  /**
   * Accept names under `test` and `example` and the `example.com/.net/.org` names (RFC 6761 §6.2,
   * RFC 2606): reserved for testing and documentation, which is what a development, test or drill
   * stack is (their DNS is a fake of their own). Refused in production.
   */
  allowTestNames?: boolean;
}

/**
 * Top-level names that are never on the public DNS, so never a clinic's: RFC 6761 (`localhost`,
 * `invalid`), RFC 6762 (`local`, mDNS), RFC 7686 (`onion`), RFC 9476 (`alt`), ICANN's private-use
 * `internal` (2024), `arpa` (infrastructure; RFC 8375's `home.arpa` under it), and the names ICANN
 * will not delegate because private networks already use them (`home`, `corp`, `mail`; `lan` too).
 * The IANA Special-Use Domain Names registry lists the RFC ones.
 */
const SPECIAL_USE_TLDS: ReadonlySet<string> = new Set(['localhost', 'invalid', 'local', 'onion', 'alt', 'internal', 'arpa', 'home', 'corp', 'mail', 'lan']);
/** Reserved for testing and documentation (RFC 6761 §6.2, §6.5; RFC 2606 §3). */
const TEST_TLDS: ReadonlySet<string> = new Set(['test', 'example']);
const TEST_DOMAINS: ReadonlySet<string> = new Set(['example.com', 'example.net', 'example.org']);

/**
 * The scripts a label may mix (UTS #39 §5.2, "Highly Restrictive"): one script, or Latin with the
 * scripts Japanese, Chinese and Korean are written in together. Characters of the Common and
 * Inherited scripts (digits, the hyphen, combining marks) belong to any.
 */
const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];
/**
 * Scripts told apart by name, through the JavaScript engine's own Unicode script property
 * (`\p{Script=…}`, the Unicode Character Database): a letter of any other script counts as a
 * script of its own, so two such letters in one label with Latin are still a mix.
 */
const NAMED_SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati',
  'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian', 'Hangul', 'Ethiopic',
  'Cherokee', 'Khmer', 'Mongolian', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** The scripts of a (Unicode) label's letters, Common and Inherited left out. */
export function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of label) {
    if (NEUTRAL.test(char)) continue;
    scripts.add(NAMED_SCRIPTS.find((s) => s.pattern.test(char))?.name ?? `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`);
  }
  return scripts;
}

/** Whether a label mixes scripts in a way no language writes, the homograph's trick (`аpple`: a Cyrillic а among Latin letters). */
export function isMixedScript(label: string): boolean {
  const scripts = [...scriptsOf(label)];
  if (scripts.length <= 1) return false;
  return !ALLOWED_MIXES.some((mix) => scripts.every((s) => mix.includes(s)));
}

/**
 * How a stored (ASCII) domain reads to people: its Unicode form, and a warning when it has any
 * letter beyond a–z, since a name in another alphabet can look like a Latin one (`аррӏе.com`).
 */
export function unicodeFormOf(domain: string): { unicode: string; warning: string | null } {
  const unicode = domainToUnicode(domain) || domain;
  return { unicode, warning: unicode === domain ? null : M.unicodeName(unicode, domain) };
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** IPv4 written with fewer dots or in hex/octal (`2130706433`, `0x7f.1`): URL parsers read these as addresses. */
const NUMERIC_HOST = /^(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}\.?$/;

/**
 * The host name rules of a custom domain, pure: lower case, IDN
 * through punycode, no IP literal, no wildcard, no scheme, port or path (a
 * pasted URL is refused with words, not guessed at: what the person meant by
 * `https://clinic.com/trt` is not ours to decide), at least two labels, the
 * DNS length limits, never a special-use or reserved name (SPECIAL_USE_TLDS;
 * the testing ones unless `allowTestNames`), never a label that mixes scripts
 * (isMixedScript), and never one of `platformHosts` (the edge host, the
 * public base URL's host) or a name under them.
 */
export function checkHostName(input: string, platformHosts: readonly string[] = [], options: HostNameOptions = {}): HostNameCheck {
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
  const tld = labels[labels.length - 1]!;
  if (SPECIAL_USE_TLDS.has(tld)) return { ok: false, message: M.specialUse(ascii, tld) };
  if (!options.allowTestNames && (TEST_TLDS.has(tld) || TEST_DOMAINS.has(labels.slice(-2).join('.')))) return { ok: false, message: M.specialUse(ascii, tld) };
  // A label that mixes scripts (a Cyrillic а in `аpple`) is refused, showing how it reads; one script is fine, with a warning (unicodeFormOf).
  const unicode = domainToUnicode(ascii);
  if (unicode.split('.').some(isMixedScript)) return { ok: false, message: M.mixedScript(unicode, ascii) };
  // A public suffix (co.uk, github.io) is nobody's domain: DNS there is not the clinic's to set.
  if (getDomain(ascii, { allowPrivateDomains: true }) === null) return { ok: false, message: M.publicSuffix(ascii) };
  const own = platformHosts.map((h) => h.toLowerCase().replace(/\.$/, '')).filter(Boolean);
  if (own.some((host) => ascii === host || ascii.endsWith(`.${host}`))) return { ok: false, message: M.platformHost };
  return { ok: true, domain: ascii };
}
