import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect, rootCertificates, type PeerCertificate } from 'node:tls';
import { CustomDomainMessages as M, escapeHtml } from '@hap/contracts';

/** What the edge serves for a name: its certificate's end and issuer, or why there is none, in words. */
export type CertificateProbe = { ok: true; validTo: Date; issuer: string } | { ok: false; reason: string };
/** Whether the clinic's page answers through the edge, or why not, in words. */
export type PageProbe = { ok: true } | { ok: false; reason: string };

export interface EdgeProbeOptions {
  /** `host:port` (or `[v6]:port`) where the edge serves HTTPS (EDGE_TLS_ADDRESS). */
  address: string;
  /** Extra roots to trust besides the system's (EDGE_CA_FILE's PEM: Pebble's or a test CA's); null: the system's only. */
  extraCaPem: string | null;
  /** The longest a handshake or a page may take (EDGE_PROBE_TIMEOUT_MS): the first handshake is when the edge obtains the certificate. */
  timeoutMs: number;
}

/** The largest page body read: the clinic's name is near the top of any page of ours. */
const MAX_BODY = 1024 * 1024;

/** `host:port` or `[v6]:port` into its parts; a bad value is a configuration error (thrown at start). */
export function parseAddress(address: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(address.trim());
  const port = match ? Number(match[3]) : NaN;
  if (!match || port < 1 || port > 65535) throw new Error(`EDGE_TLS_ADDRESS must be host:port or [v6]:port, not ${JSON.stringify(address)}`);
  return { host: match[1] ?? match[2], port };
}

/** The reason, in words, of a TLS or connection error `err` for `domain` (node's codes: verification errors keep OpenSSL's names). */
export function tlsReason(err: NodeJS.ErrnoException, domain: string, address: string): string {
  const code = err.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return M.edgeUnreachable(address, code);
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return M.nameMismatch(domain);
    case 'CERT_HAS_EXPIRED':
      return M.certificateExpired(domain);
    case 'CERT_NOT_YET_VALID':
      return M.certificateNotYetValid(domain);
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'CERT_UNTRUSTED':
    case 'CERT_SIGNATURE_FAILURE':
      return M.untrusted(domain, code);
    case 'ECONNRESET':
      return M.handshakeRefused(domain);
  }
  // The edge's alert when it will not serve the name (Caddy's ask said no, or issuance failed): "tlsv1 alert internal error" and the like.
  if (code.startsWith('ERR_SSL_') || /alert/i.test(err.message)) return M.handshakeRefused(domain);
  return M.tlsFailed(domain, err.message);
}

const issuerOf = (cert: PeerCertificate): string => {
  const issuer = cert.issuer as unknown as Record<string, string | string[]> | undefined;
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return pick(issuer?.O) ?? pick(issuer?.CN) ?? 'unknown issuer';
};

/**
 * The platform's edge as a client sees it: a TLS handshake with a
 * domain's name at EDGE_TLS_ADDRESS, the chain and the name verified as any
 * browser would (never rejectUnauthorized: false), and the domain's home page
 * fetched through that same address with the name as SNI and Host. The first
 * handshake for a verified name is what makes Caddy's on-demand TLS obtain its
 * certificate, hence a generous timeout.
 */
export class EdgeProbe {
  private readonly host: string;
  private readonly port: number;
  private readonly ca: string[] | undefined;

  constructor(private readonly options: EdgeProbeOptions) {
    ({ host: this.host, port: this.port } = parseAddress(options.address));
    this.ca = options.extraCaPem ? [...rootCertificates, options.extraCaPem] : undefined;
  }

  /** From EDGE_TLS_ADDRESS, EDGE_CA_FILE and EDGE_PROBE_TIMEOUT_MS; null when no edge address is set. */
  static fromSettings(settings: { address: string | undefined; caFile: string | undefined; timeoutMs: number }): EdgeProbe | null {
    if (!settings.address) return null;
    return new EdgeProbe({
      address: settings.address,
      extraCaPem: settings.caFile ? readFileSync(settings.caFile, 'utf8') : null,
      timeoutMs: settings.timeoutMs,
    });
  }

  get address(): string {
    return this.options.address;
  }

  /** The certificate the edge serves for `domain`, verified for that name, or why not. */
  certificate(domain: string, timeoutMs = this.options.timeoutMs): Promise<CertificateProbe> {
    return new Promise((resolve) => {
      const socket = connect({ host: this.host, port: this.port, servername: domain, ca: this.ca, ALPNProtocols: ['http/1.1'] });
      const done = (result: CertificateProbe) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(result);
      };
      const timer = setTimeout(() => done({ ok: false, reason: M.handshakeTimeout(domain, Math.round(timeoutMs / 1000)) }), timeoutMs);
      socket.once('secureConnect', () => {
        const cert = socket.getPeerCertificate();
        const validTo = new Date(cert.valid_to);
        if (!cert.valid_to || Number.isNaN(validTo.getTime())) return done({ ok: false, reason: M.tlsFailed(domain, 'no certificate was presented') });
        done({ ok: true, validTo, issuer: issuerOf(cert) });
      });
      socket.once('error', (err) => done({ ok: false, reason: tlsReason(err, domain, this.options.address) }));
    });
  }

  /** GET https://<domain>/ through the edge: 200 and the clinic's name in the body, or why not. */
  page(domain: string, clinicName: string, timeoutMs = this.options.timeoutMs): Promise<PageProbe> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (result: PageProbe) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        resolve(result);
      };
      const req = request({
        host: this.host,
        port: this.port,
        servername: domain,
        method: 'GET',
        path: '/',
        headers: { host: domain, accept: 'text/html', 'user-agent': 'HealthAds-DomainCheck/1' },
        ca: this.ca,
        // A connection of its own: nothing is reused across names or checks.
        agent: false,
      });
      const timer = setTimeout(() => done({ ok: false, reason: M.pageFailed(domain, `no answer within ${Math.round(timeoutMs / 1000)} seconds`) }), timeoutMs);
      req.once('error', (err: NodeJS.ErrnoException) => done({ ok: false, reason: tlsReason(err, domain, this.options.address) }));
      req.once('response', (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return done({ ok: false, reason: M.pageStatus(domain, res.statusCode ?? 0) });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const check = () => {
          const body = Buffer.concat(chunks).toString('utf8').toLowerCase();
          const name = clinicName.trim().toLowerCase();
          const shows = body.includes(name) || body.includes(escapeHtml(name));
          done(shows ? { ok: true } : { ok: false, reason: M.pageContent(domain, clinicName) });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_BODY) check();
        });
        res.once('end', check);
        res.once('error', (err) => done({ ok: false, reason: M.pageFailed(domain, err.message) }));
      });
      req.end();
    });
  }
}
