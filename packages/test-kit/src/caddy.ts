import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

export interface CaddyEdgeOptions {
  /** Caddy's on-demand TLS `ask` (tenant's GET /internal/domains/ask on loopback). */
  askUrl: string;
  /** `host:port` the sites are proxied to (the clinic's pages: the gateway, or a test's stand-in). */
  upstream: string;
  /**
   * `tls internal` leaf lifetime, e.g. '720h'. Caddy's own local CA signs with an intermediate of 7 days
   * and clamps leaves to it, so a longer lifetime makes the helper create a root and intermediate of its
   * own (openssl, 10 years) for Caddy's local CA. Unset: Caddy's defaults (leaves of 12 hours).
   */
  leafLifetime?: string;
  /**
   * Another issuer instead of `internal` (Caddy's JSON, e.g. `{ module: 'acme', ca: 'https://127.0.0.1:14000/dir',
   * trusted_roots_pem_files: [...] }` for Pebble in the drill). `caFile` is then the caller's business.
   */
  issuer?: Record<string, unknown>;
  /** The binary (default CADDY_BIN or /usr/bin/caddy). */
  bin?: string;
}

export interface CaddyEdge {
  /** `127.0.0.1:<port>` where Caddy serves HTTPS: EDGE_TLS_ADDRESS. */
  address: string;
  httpsPort: number;
  httpPort: number;
  /** The PEM root that signs the edge's certificates (Caddy's local CA, or the helper's): EDGE_CA_FILE. */
  caFile: string;
  /** Where Caddy keeps its data (certificates, the local CA). */
  dir: string;
  /** What Caddy logged so far (for a failing test's message). */
  log(): string;
  stop(): Promise<void>;
}

export { freePort };

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A root and an intermediate of 10 years (P-256), for Caddy's local CA. */
async function makeCa(dir: string): Promise<{ root: string; rootKey: string; intermediate: string; intermediateKey: string }> {
  const f = (name: string) => join(dir, name);
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await run('openssl', ['req', '-x509', ...key, '-keyout', f('root.key'), '-out', f('root.crt'), '-days', '3650', '-subj', '/CN=HAP Test Edge Root',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  await run('openssl', ['req', ...key, '-keyout', f('intermediate.key'), '-out', f('intermediate.csr'), '-subj', '/CN=HAP Test Edge Intermediate']);
  await writeFile(f('intermediate.ext'), 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n');
  await run('openssl', ['x509', '-req', '-in', f('intermediate.csr'), '-CA', f('root.crt'), '-CAkey', f('root.key'), '-CAcreateserial',
    '-out', f('intermediate.crt'), '-days', '3650', '-extfile', f('intermediate.ext')]);
  return { root: f('root.crt'), rootKey: f('root.key'), intermediate: f('intermediate.crt'), intermediateKey: f('intermediate.key') };
}

/**
 * Real Caddy (Debian's /usr/bin/caddy) as the platform's edge on loopback:
 * on-demand TLS whose `ask` is the given URL, every HTTPS name proxied to
 * `upstream`, HTTP and HTTPS on free loopback ports, no admin endpoint, no
 * redirects, nothing installed in the system's trust store, its data and
 * config (HOME, XDG_*) in a temporary directory removed by `stop`.
 */
export async function startCaddy(options: CaddyEdgeOptions): Promise<CaddyEdge> {
  const dir = await mkdtemp(join(tmpdir(), 'hap-caddy-'));
  const data = join(dir, 'data');
  await mkdir(join(dir, 'ca'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const own = options.leafLifetime && !options.issuer ? await makeCa(join(dir, 'ca')) : null;
  const issuer = options.issuer ?? { module: 'internal', ...(options.leafLifetime && { lifetime: options.leafLifetime }) };
  const config = {
    admin: { disabled: true },
    logging: { logs: { default: { level: 'INFO' } } },
    storage: { module: 'file_system', root: data },
    apps: {
      http: {
        http_port: httpPort,
        https_port: httpsPort,
        servers: {
          edge: {
            listen: [`127.0.0.1:${httpsPort}`],
            // TCP only: no QUIC listener on the shared machine's UDP ports.
            protocols: ['h1', 'h2'],
            routes: [{ handle: [{ handler: 'reverse_proxy', upstreams: [{ dial: options.upstream }] }] }],
            tls_connection_policies: [{}],
            automatic_https: { disable_redirects: true },
          },
        },
      },
      pki: {
        certificate_authorities: {
          local: {
            install_trust: false,
            ...(own && {
              root: { certificate: own.root, private_key: own.rootKey },
              intermediate: { certificate: own.intermediate, private_key: own.intermediateKey },
            }),
          },
        },
      },
      tls: {
        automation: {
          policies: [{ issuers: [issuer], on_demand: true }],
          on_demand: { ask: options.askUrl },
        },
      },
    },
  };
  const configFile = join(dir, 'caddy.json');
  await writeFile(configFile, JSON.stringify(config, null, 2));

  let output = '';
  const child: ChildProcess = spawn(options.bin ?? process.env.CADDY_BIN ?? '/usr/bin/caddy', ['run', '--config', configFile], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_DATA_HOME: join(dir, 'xdg-data'), XDG_CONFIG_HOME: join(dir, 'xdg-config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  // Ready once it accepts on its HTTPS port (its local CA's root is written by then); an exit first is a failure with its log.
  const caFile = own?.root ?? join(data, 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (gone) {
      await stop();
      throw new Error(`caddy exited before serving:\n${output}`);
    }
    if ((await accepts(httpsPort)) && (options.issuer || (await readFile(caFile).then(() => true, () => false)))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not serve on 127.0.0.1:${httpsPort} within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { address: `127.0.0.1:${httpsPort}`, httpsPort, httpPort, caFile, dir, log: () => output, stop };
}
