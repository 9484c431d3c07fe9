import { CustomDomainMessages as M } from '@hap/contracts';
import { parseAddress, tlsReason } from '../../src/modules/custom-domain/edge-probe';

const err = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('EdgeProbe: EDGE_TLS_ADDRESS and the words for TLS failures', () => {
  it('reads host:port and [v6]:port, and refuses anything else', () => {
    expect(parseAddress('edge:443')).toEqual({ host: 'edge', port: 443 });
    expect(parseAddress('127.0.0.1:8443')).toEqual({ host: '127.0.0.1', port: 8443 });
    expect(parseAddress('[::1]:443')).toEqual({ host: '::1', port: 443 });
    for (const bad of ['edge', 'edge:', 'https://edge:443', '::1:443', 'edge:0', 'edge:70000']) expect(() => parseAddress(bad)).toThrow(/EDGE_TLS_ADDRESS/);
  });

  it.each([
    ['ECONNREFUSED', M.edgeUnreachable('edge:443', 'ECONNREFUSED')],
    ['ERR_TLS_CERT_ALTNAME_INVALID', M.nameMismatch('a.example')],
    ['CERT_HAS_EXPIRED', M.certificateExpired('a.example')],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', M.untrusted('a.example', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE')],
    ['SELF_SIGNED_CERT_IN_CHAIN', M.untrusted('a.example', 'SELF_SIGNED_CERT_IN_CHAIN')],
    ['ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR', M.handshakeRefused('a.example')],
    ['ECONNRESET', M.handshakeRefused('a.example')],
  ])('%s reads as words', (code, words) => {
    expect(tlsReason(err(code), 'a.example', 'edge:443')).toBe(words);
  });

  it('keeps the message of an error it has no words for', () => {
    expect(tlsReason(err('EWHATEVER', 'something odd'), 'a.example', 'edge:443')).toBe(M.tlsFailed('a.example', 'something odd'));
  });
});
