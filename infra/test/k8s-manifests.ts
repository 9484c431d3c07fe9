/**
 * Reading the rendered infra/k8s manifests (k8s.test.ts, addresses.test.ts): the documents of
 * the base or an overlay, a Deployment's environment as the kubelet builds it, and whether the
 * NetworkPolicies let one Deployment's pods reach another's on a port.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { IPodSpec } from 'kubernetes-models/v1';

export const k8s = join(__dirname, '..', 'k8s');
export type Doc = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: Record<string, unknown>; data?: Record<string, string> };

export const docsOf = (text: string): Doc[] => parseAllDocuments(text).map((d) => d.toJSON() as Doc).filter(Boolean);
export const baseDocs = (): Doc[] =>
  readdirSync(join(k8s, 'base'))
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .flatMap((f) => docsOf(readFileSync(join(k8s, 'base', f), 'utf8')));

export function kubectl(): string | null {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return 'kubectl';
  } catch {
    console.warn('kubectl is not installed: the infra/k8s overlays are not rendered here (the base is checked).');
    return null;
  }
}
export const render = (overlay: string): Doc[] => docsOf(execFileSync('kubectl', ['kustomize', join(k8s, 'overlays', overlay)], { encoding: 'utf8' }));

type EnvSource = { configMapRef?: { name: string }; secretRef?: { name: string }; prefix?: string };
type EnvVar = { name: string; value?: unknown; valueFrom?: unknown };

/**
 * The environment a Deployment's container gets from the rendered manifests:
 * its ConfigMaps' data in `envFrom` order, then its own `env` on top (as the
 * kubelet merges them). A Secret's values are not in the manifests, so what
 * only a Secret or a `valueFrom` could set counts as unset.
 */
export function envOf(docs: Doc[], name: string): Record<string, string> {
  const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === name);
  const container = (deployment?.spec as { template: { spec: IPodSpec } } | undefined)?.template.spec.containers.find((c) => c.name === name);
  const env: Record<string, string> = {};
  for (const source of (container?.envFrom ?? []) as EnvSource[]) {
    const data = source.configMapRef && docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === source.configMapRef?.name)?.data;
    for (const [name, value] of Object.entries(data ?? {})) env[`${source.prefix ?? ''}${name}`] = String(value);
  }
  for (const { name, value } of (container?.env ?? []) as EnvVar[]) {
    if (value === undefined) delete env[name];
    else env[name] = String(value);
  }
  return env;
}
export const gatewayEnv = (docs: Doc[]) => envOf(docs, 'gateway');

export type Selector = { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> };
export type PolicyRule = { to?: Array<{ podSelector?: Selector; namespaceSelector?: Selector }>; from?: Array<{ podSelector?: Selector; namespaceSelector?: Selector }>; ports?: Array<{ protocol?: string; port?: number | string }> };
export type PolicySpec = { podSelector: Selector; policyTypes: string[]; ingress?: PolicyRule[]; egress?: PolicyRule[] };

export const selects = ({ matchLabels = {}, matchExpressions = [] }: Selector, labels: Record<string, string>) =>
  Object.entries(matchLabels).every(([key, value]) => labels[key] === value) &&
  matchExpressions.every(({ key, operator, values = [] }) =>
    operator === 'In' ? values.includes(labels[key]) : operator === 'NotIn' ? !values.includes(labels[key]) : operator === 'Exists' ? key in labels : !(key in labels),
  );

/** A Deployment's pod labels and named container ports. */
export function podOf(docs: Doc[], name: string) {
  const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === name);
  const template = (deployment?.spec as { template: { metadata: { labels: Record<string, string> }; spec: IPodSpec } }).template;
  const ports = Object.fromEntries(template.spec.containers.flatMap((c) => (c.ports ?? []).map((p) => [p.name ?? '', p.containerPort])));
  return { labels: template.metadata.labels, ports };
}

/**
 * Whether the NetworkPolicies let pods of Deployment `from` open a TCP connection to
 * pods of Deployment `to` on `port` (one namespace): the source's egress and the
 * destination's ingress must both admit it (a side no policy isolates admits all).
 * Peers chosen by namespace (DNS, monitoring) never match pods of this namespace here.
 */
export function allows(docs: Doc[], from: string, to: string, port: number): boolean {
  const policies = docs.filter((d) => d.kind === 'NetworkPolicy').map((d) => d.spec as unknown as PolicySpec);
  const source = podOf(docs, from);
  const destination = podOf(docs, to);
  const admits = (rule: PolicyRule, peers: PolicyRule['to'], peer: Record<string, string>) =>
    (peers === undefined || peers.some((p) => p.podSelector !== undefined && p.namespaceSelector === undefined && selects(p.podSelector, peer))) &&
    (rule.ports === undefined || rule.ports.some((p) => (p.protocol ?? 'TCP') === 'TCP' && (p.port === undefined || p.port === port || destination.ports[p.port] === port)));
  const side = (type: 'Egress' | 'Ingress', self: Record<string, string>, peer: Record<string, string>) => {
    const applying = policies.filter((p) => p.policyTypes.includes(type) && selects(p.podSelector, self));
    const rules = applying.flatMap((p) => (type === 'Egress' ? p.egress : p.ingress) ?? []);
    return applying.length === 0 || rules.some((rule) => admits(rule, type === 'Egress' ? rule.to : rule.from, peer));
  };
  return side('Egress', source.labels, destination.labels) && side('Ingress', destination.labels, source.labels);
}


/** A pod that may knock: its namespace (name and labels) and its own labels. */
export interface Peer {
  namespace: { name: string; labels: Record<string, string> };
  labels: Record<string, string>;
}

/**
 * Whether the NetworkPolicies of the Deployment `to`'s namespace admit a TCP connection from
 * `peer`, a pod of any namespace, on `port` (the ingress side only). A peer chosen by a
 * podSelector alone is of the policy's namespace; one with a namespaceSelector must match both.
 */
export function ingressAdmits(docs: Doc[], to: string, port: number, peer: Peer): boolean {
  const destination = podOf(docs, to);
  const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === to) as (Doc & { metadata: { namespace?: string } }) | undefined;
  const namespace = deployment?.metadata.namespace ?? 'default';
  const applying = docs
    .filter((d) => d.kind === 'NetworkPolicy')
    .map((d) => d.spec as unknown as PolicySpec)
    .filter((p) => p.policyTypes.includes('Ingress') && selects(p.podSelector, destination.labels));
  if (applying.length === 0) return true;
  const peerMatches = (from: NonNullable<PolicyRule['from']>[number]) => {
    if (from.namespaceSelector) return selects(from.namespaceSelector, peer.namespace.labels) && (!from.podSelector || selects(from.podSelector, peer.labels));
    return from.podSelector !== undefined && peer.namespace.name === namespace && selects(from.podSelector, peer.labels);
  };
  return applying.some((policy) =>
    (policy.ingress ?? []).some(
      (rule) =>
        (rule.from === undefined || rule.from.some(peerMatches)) &&
        (rule.ports === undefined || rule.ports.some((p) => (p.protocol ?? 'TCP') === 'TCP' && (p.port === undefined || p.port === port || destination.ports[p.port] === port))),
    ),
  );
}
