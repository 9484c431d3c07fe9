import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { DEFAULT_PORTS } from '@hap/contracts';
import { configShape as gatewayShape } from '../../gateway/src/config';
import { configShape as shellShape } from '../../frontends/public-shell/server/config';
import { configShape as tenantShape } from '../../services/tenant/src/config';
import { configShape as leadsShape } from '../../services/leads/src/config';
import { configShape as templatesShape } from '../../services/templates/src/config';
import { configShape as adsShape } from '../../services/ads/src/config';
import { allows, baseDocs, envOf, kubectl, render, type Doc } from './k8s-manifests';
import { loopbackDefaults } from './service-graph';

/**
 * Every process is told where the others are: for each process of the stack, the address
 * variables its config schema reads are derived from the schema itself (a variable whose
 * default is one of the stack's processes on loopback: TENANT_URL, GATEWAY_URL, …; and
 * DATABASE_URL, REDIS_URL, PUBLIC_BASE_URL where it reads them), and `npm start`'s launcher,
 * docker-compose.yml and the Kubernetes manifests must each give it every one, pointing at the
 * right process. A process left to a default calls the default port: another stack's, or nothing.
 */
const root = join(__dirname, '..', '..');
type Shape = Record<string, z.ZodType>;

const SHAPES: Record<string, Shape> = {
  gateway: gatewayShape,
  'public-shell': shellShape,
  ...Object.fromEntries(
    Object.entries({ tenant: tenantShape, leads: leadsShape, templates: templatesShape, ads: adsShape }).flatMap(([name, shape]) => [
      [name, shape],
      [`${name}-worker`, shape],
    ]),
  ),
};
const PROCESSES = Object.keys(SHAPES);

/** The stack process each default port belongs to (DEFAULT_PORTS' keys, as process names). */
const PROCESS_OF_PORT = new Map<number, string>(Object.entries(DEFAULT_PORTS).map(([key, port]) => [port, key === 'publicShell' ? 'public-shell' : key]));

/** The variables of a schema whose default is another process of the stack: an http origin on loopback at a default port. */
function stackAddressesOf(shape: Shape): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { name, url } of loopbackDefaults(shape)) {
    const target = PROCESS_OF_PORT.get(Number(url.port));
    if (/^https?:$/.test(url.protocol) && url.pathname === '/' && target) found[name] = target;
  }
  return found;
}

/** PostgreSQL, Redis and the platform's public origin, where the schema reads them. */
const OTHER_ADDRESSES = ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_BASE_URL'] as const;
const otherAddressesOf = (shape: Shape) => OTHER_ADDRESSES.filter((name) => name in shape);

/** What each process must be given, with the process each stack address must point at. */
const wanted = Object.fromEntries(PROCESSES.map((p) => [p, { stack: stackAddressesOf(SHAPES[p]), other: otherAddressesOf(SHAPES[p]) }]));

/** What is missing or wrong in one process's environment, in words. */
function problemsOf(process: string, env: Record<string, string | undefined>, portOf: (target: string, url: URL) => string | null, skipOther: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const [name, target] of Object.entries(wanted[process].stack)) {
    const value = env[name];
    if (!value) {
      problems.push(`${process}: ${name} is not given (it would call ${target} at its default port)`);
      continue;
    }
    const wrong = portOf(target, new URL(value));
    if (wrong) problems.push(`${process}: ${name}=${value} ${wrong}`);
  }
  for (const name of wanted[process].other) if (!skipOther.includes(name) && !env[name]) problems.push(`${process}: ${name} is not given`);
  return problems;
}

describe('every process is told where the others are', () => {
  it('derives the addresses from the config schemas (not vacuous)', () => {
    expect(wanted['ads-worker'].stack).toEqual({ TENANT_URL: 'tenant', TEMPLATES_URL: 'templates' });
    expect(wanted['leads-worker'].stack).toEqual({ TEMPLATES_URL: 'templates', TENANT_URL: 'tenant', ADS_URL: 'ads' });
    expect(wanted['templates-worker'].stack).toEqual({ TENANT_URL: 'tenant', ADS_URL: 'ads' });
    // Tenant calls no sibling: the catalogue is read from Redis, activations go by a queue (docs/service-graph.md).
    expect([wanted.tenant.stack, wanted['tenant-worker'].stack]).toEqual([{}, {}]);
    expect(wanted.gateway.stack).toEqual({ TENANT_URL: 'tenant', LEADS_URL: 'leads', TEMPLATES_URL: 'templates', ADS_URL: 'ads', PUBLIC_SHELL_URL: 'public-shell' });
    expect(wanted['public-shell'].stack).toEqual({ TENANT_URL: 'tenant', TEMPLATES_URL: 'templates', LEADS_URL: 'leads', ADS_URL: 'ads', GATEWAY_URL: 'gateway' });
    expect(wanted['leads-worker'].other).toEqual(['DATABASE_URL', 'REDIS_URL', 'PUBLIC_BASE_URL']);
    expect(wanted.gateway.other).toEqual(['DATABASE_URL', 'REDIS_URL']);
  });

  it('npm start gives each process, on ports other than the defaults, every address it reads', () => {
    // Every port off its default: a process left to a default would call another stack's.
    const ports = { gateway: 20080, publicShell: 20100, tenant: 20101, leads: 20102, templates: 20103, ads: 20104 };
    const launcher = pathToFileURL(join(root, 'infra/launcher/stack.mjs')).href;
    const script = `
      import { processTable, processEnv, stackEnv } from ${JSON.stringify(launcher)};
      const ports = ${JSON.stringify(ports)};
      const base = stackEnv({}, { databaseUrl: 'postgres://127.0.0.1:5432/hap', redisUrl: 'redis://127.0.0.1:6379', secrets: { INTERNAL_SECRET: 'x'.repeat(32) } });
      const table = processTable(ports, {});
      console.log(JSON.stringify(table.map((proc) => ({ name: proc.name, port: proc.env.PORT ?? null, env: processEnv(proc, base) }))));`;
    const table = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as Array<{ name: string; port: number | null; env: Record<string, string> }>;
    expect(table.map((p) => p.name).sort()).toEqual([...PROCESSES].sort());
    const portOfProcess = Object.fromEntries(table.map((p) => [p.name, p.port]));
    // tenant takes the request's origin for its links when PUBLIC_BASE_URL is unset, and in development passkeys
    // the browser's; the launcher leaves it unset there (infra/launcher/stack.mjs).
    const problems = table.flatMap(({ name, env }) =>
      problemsOf(
        name,
        env,
        (target, url) => (url.hostname === '127.0.0.1' && Number(url.port) === portOfProcess[target] ? null : `is not ${target} of this stack (port ${portOfProcess[target]})`),
        name.startsWith('tenant') ? ['PUBLIC_BASE_URL'] : [],
      ),
    );
    expect(problems).toEqual([]);
  });

  it('docker-compose.yml gives each process every address it reads, pointing at the right service', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string | number> }>;
    };
    const envOfService = (name: string) => Object.fromEntries(Object.entries(compose.services[name]?.environment ?? {}).map(([k, v]) => [k, String(v)]));
    const problems = PROCESSES.flatMap((name) => {
      if (!compose.services[name]) return [`${name}: no such service in docker-compose.yml`];
      return problemsOf(name, envOfService(name), (target, url) => {
        const port = envOfService(target).PORT;
        return url.hostname === target && url.port === port ? null : `is not the ${target} service on its PORT ${port}`;
      });
    });
    expect(problems).toEqual([]);
  });

  /**
   * On a cluster the stack addresses come from the ConfigMaps (visible here) and must name a
   * Service of the right Deployment on its port, which the NetworkPolicies let the process
   * reach; DATABASE_URL, REDIS_URL come from the `hap-secrets` Secret, made outside the
   * manifests: the container must read it and infra/k8s/README.md's command must create them.
   */
  function k8sProblems(docs: Doc[]): string[] {
    const readme = readFileSync(join(root, 'infra/k8s/README.md'), 'utf8');
    const inSecret = (name: string) => readme.includes(`--from-literal=${name}=`);
    return PROCESSES.flatMap((name) => {
      const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === name);
      if (!deployment) return [`${name}: no Deployment`];
      const containers = (deployment.spec as { template: { spec: { containers: Array<{ envFrom?: Array<{ secretRef?: { name: string } }> }> } } }).template.spec.containers;
      const readsSecrets = containers[0].envFrom?.some((source) => source.secretRef?.name === 'hap-secrets') ?? false;
      const env = envOf(docs, name);
      const fromSecret = OTHER_ADDRESSES.filter((other) => !env[other] && readsSecrets && inSecret(other));
      return problemsOf(
        name,
        env,
        (target, url) => {
          const service = docs.find((d) => d.kind === 'Service' && d.metadata.name === url.hostname);
          const selector = (service?.spec as { selector?: Record<string, string> } | undefined)?.selector;
          const port = Number(url.port || 80);
          if (!service || selector?.['app.kubernetes.io/name'] !== target) return `names no Service of the ${target} Deployment`;
          if (!(service.spec as { ports: Array<{ port: number }> }).ports.some((p) => p.port === port)) return `is not a port of Service ${url.hostname}`;
          return allows(docs, name, target, port) ? null : `cannot be reached: the NetworkPolicies refuse ${name} → ${target}:${port}`;
        },
        fromSecret,
      );
    });
  }

  it('the Kubernetes base gives each Deployment every address it reads, reachable through the NetworkPolicies', () => {
    expect(k8sProblems(baseDocs())).toEqual([]);
  });

  const withKubectl = kubectl() ? it : it.skip;
  withKubectl('so do the rendered overlays', () => {
    expect({ local: k8sProblems(render('local')), production: k8sProblems(render('production')) }).toEqual({ local: [], production: [] });
  });
});
