import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { NetworkPolicy, Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Service, type IPodSpec } from 'kubernetes-models/v1';
import { QUEUE_NAMES } from '@hap/contracts';
import { trustProxySchema } from '../../gateway/src/trust-proxy';
import { allows, baseDocs, docsOf, envOf, gatewayEnv, ingressAdmits, k8s, kubectl, podOf, render, type Doc } from './k8s-manifests';

/**
 * infra/k8s: the manifests validate against the Kubernetes
 * schemas, every process kind of docker-compose.yml has its Deployment, each
 * Deployment has probes, limits and a non-root, read-only security context,
 * and no Secret value sits in a manifest. The overlays are rendered with
 * `kubectl kustomize` where kubectl is installed (this project's machines
 * have it); without it their check is skipped, saying so, and the base is
 * still checked.
 */

/** What the schemas check: the core kinds the manifests use. */
const MODELS: Record<string, new (value: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
};

/** cert-manager's custom resources (custom domains): the fields issuing needs. */
function checkCertManager(doc: Doc) {
  if (doc.kind === 'Issuer') {
    const spec = doc.spec as { acme: { server: string; privateKeySecretRef: { name: string }; solvers: { http01: { ingress: { ingressClassName: string } } }[] } };
    expect(spec.acme.server).toMatch(/^https:\/\//);
    expect(spec.acme.privateKeySecretRef.name).toBeTruthy();
    expect(spec.acme.solvers[0].http01.ingress.ingressClassName).toBe('nginx');
    return;
  }
  expect(doc.kind).toBe('Certificate');
  const spec = doc.spec as { secretName: string; dnsNames: string[]; issuerRef: unknown };
  expect(spec.secretName).toBeTruthy();
  expect(spec.dnsNames.length).toBeGreaterThan(0);
  expect(spec.issuerRef).toEqual({ name: 'letsencrypt', kind: 'Issuer' });
}

function checkDocs(docs: Doc[]) {
  for (const doc of docs) {
    const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
    if (Model) {
      expect(() => new Model(doc as never).validate()).not.toThrow();
      continue;
    }
    if (doc.apiVersion === 'cert-manager.io/v1') {
      checkCertManager(doc);
      continue;
    }
    // KEDA's custom resources: the fields the scaler needs.
    expect(doc.apiVersion).toBe('keda.sh/v1alpha1');
    expect(['ScaledObject', 'TriggerAuthentication']).toContain(doc.kind);
  }
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  for (const d of deployments) {
    const pod = (d.spec as { template: { spec: IPodSpec } }).template.spec;
    for (const c of pod.containers) {
      expect({ deployment: d.metadata.name, liveness: Boolean(c.livenessProbe), readiness: Boolean(c.readinessProbe) }).toEqual({ deployment: d.metadata.name, liveness: true, readiness: true });
      expect(c.resources?.limits?.cpu && c.resources?.limits?.memory && c.resources?.requests?.cpu && c.resources?.requests?.memory).toBeTruthy();
      expect(c.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      // Configuration from the ConfigMap, secrets from a Secret made outside the manifests.
      expect(c.envFrom).toEqual([{ configMapRef: { name: 'hap-config' } }, { secretRef: { name: 'hap-secrets' } }]);
    }
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
  }
  // Scaled workers and autoscaled APIs point at Deployments that exist.
  const names = new Set(deployments.map((d) => d.metadata.name));
  for (const hpa of docs.filter((d) => d.kind === 'HorizontalPodAutoscaler' || d.kind === 'ScaledObject')) {
    expect(names).toContain((hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name);
  }
  // No Secret in the manifests, and nothing that looks like a credential in a ConfigMap.
  expect(docs.filter((d) => d.kind === 'Secret')).toEqual([]);
  for (const cm of docs.filter((d) => d.kind === 'ConfigMap')) {
    for (const key of Object.keys(cm.data ?? {})) expect(key).not.toMatch(/SECRET|PASSWORD|TOKEN|KEY$|DATABASE_URL|REDIS_URL|SMTP_URL/);
  }
  return deployments;
}

/**
 * docs/platform.md: a rendering with an Ingress (or a Gateway API route) puts a
 * proxy in front of the gateway, which must then believe that proxy's
 * X-Forwarded-For (TRUST_PROXY, read by the gateway's own parser), or every
 * visitor shares the proxy's address. The problem in words, or null.
 */
function proxyTrustProblem(docs: Doc[]): string | null {
  if (!docs.some((d) => d.kind === 'Ingress' || d.kind === 'HTTPRoute')) return null;
  const value = gatewayEnv(docs).TRUST_PROXY;
  const parsed = trustProxySchema.safeParse(value);
  if (!parsed.success) return `TRUST_PROXY=${value} is not valid: ${parsed.error.issues[0]?.message}`;
  return parsed.data === false ? `an Ingress is in front of the gateway, but TRUST_PROXY=${value ?? '(unset)'} trusts no proxy` : null;
}

describe('infra/k8s', () => {
  it('the base validates against the Kubernetes schemas, with probes, limits and a non-root read-only container everywhere', () => {
    checkDocs(baseDocs());
  });

  it('has a Deployment for every process kind of docker-compose.yml and the migration Job for its setup', () => {
    const compose = parse(readFileSync(join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8')) as { services: Record<string, unknown> };
    // PostgreSQL and Redis are managed services on a cluster; setup is the migration Job; the edge
    // is the Ingress with cert-manager (overlays/production/domains).
    const kinds = Object.keys(compose.services).filter((s) => !['postgres', 'redis', 'setup', 'edge'].includes(s));
    const docs = baseDocs();
    expect(docs.filter((d) => d.kind === 'Deployment').map((d) => d.metadata.name).sort()).toEqual(kinds.sort());
    expect(docs.filter((d) => d.kind === 'Job').map((d) => d.metadata.name)).toEqual(['hap-migrate']);
    // Each API has its Service, autoscaler and disruption budget; each worker its budget.
    for (const api of ['gateway', 'public-shell', 'tenant', 'leads', 'templates', 'ads']) {
      for (const kind of ['Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) expect(docs.some((d) => d.kind === kind && d.metadata.name === api)).toBe(true);
    }
  });

  it('gives production a cert-manager Issuer, and a per-domain Certificate and Ingress example that validate and agree', () => {
    const example = docsOf(readFileSync(join(k8s, 'overlays', 'production', 'domains', 'certificate.example.yaml'), 'utf8'));
    checkDocs(example);
    const certificate = example.find((d) => d.kind === 'Certificate') as Doc;
    const ingress = example.find((d) => d.kind === 'Ingress') as Doc;
    const { secretName, dnsNames } = certificate.spec as { secretName: string; dnsNames: string[] };
    expect((ingress.spec as { tls: { hosts: string[]; secretName: string }[] }).tls).toEqual([{ hosts: dnsNames, secretName }]);
    const issuer = docsOf(readFileSync(join(k8s, 'overlays', 'production', 'domains', 'issuer.yaml'), 'utf8'));
    checkDocs(issuer);
    expect(issuer.map((d) => d.kind)).toEqual(['Issuer']);
  });

  it('lists every base file in the base kustomization', () => {
    const listed = (parse(readFileSync(join(k8s, 'base', 'kustomization.yaml'), 'utf8')) as { resources: string[] }).resources.sort();
    expect(listed).toEqual(readdirSync(join(k8s, 'base')).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').sort());
  });

  it('lets the public shell read tenant, templates, leads and ads directly, on their API ports only', () => {
    const docs = baseDocs();
    const shell = envOf(docs, 'public-shell');
    expect([shell.TENANT_URL, shell.TEMPLATES_URL, shell.LEADS_URL, shell.ADS_URL]).toEqual(['http://tenant:4101', 'http://templates:4103', 'http://leads:4102', 'http://ads:4104']);
    expect(allows(docs, 'public-shell', 'tenant', 4101)).toBe(true);
    expect(allows(docs, 'public-shell', 'templates', 4103)).toBe(true);
    // The thank-you and booking pages' free times and appointment.
    expect(allows(docs, 'public-shell', 'leads', 4102)).toBe(true);
    // The admin remote's manifest, which the gateway serves.
    expect(allows(docs, 'public-shell', 'gateway', 8080)).toBe(true);
    // A service page's ad keywords (docs/campaigns.md#message-match).
    expect(allows(docs, 'public-shell', 'ads', 4104)).toBe(true);
    expect(allows(docs, 'public-shell', 'ads', 9464)).toBe(false);
    expect(allows(docs, 'public-shell', 'tenant', 9464)).toBe(false);
    // Not vacuous: what is allowed and what is not elsewhere.
    expect(allows(docs, 'gateway', 'leads', 4102)).toBe(true);
    expect(allows(docs, 'gateway', 'public-shell', 4100)).toBe(true);
    expect(allows(docs, 'leads', 'templates', 4103)).toBe(true);
    expect(allows(docs, 'leads', 'public-shell', 4100)).toBe(false);
  });

  const withKubectl = kubectl() ? it : it.skip;
  withKubectl('renders the local and production overlays, which validate too; production scales every queue’s workers with KEDA', () => {
    const local = checkDocs(render('local'));
    expect(local.every((d) => (d.spec as { replicas: number }).replicas === 1)).toBe(true);
    const production = render('production');
    checkDocs(production);
    expect(production.every((d) => d.kind === 'Namespace' || (d.metadata as { namespace?: string }).namespace === 'hap')).toBe(true);
    const lists = production
      .filter((d) => d.kind === 'ScaledObject')
      .flatMap((d) => (d.spec as { triggers: Array<{ metadata: { listName: string } }> }).triggers.map((t) => t.metadata.listName));
    expect(lists.sort()).toEqual(QUEUE_NAMES.map((q) => `hap:${q}:wait`).sort());
  });

  withKubectl('makes the gateway trust the proxy of every overlay that puts an Ingress in front of it', () => {
    const overlays = readdirSync(join(k8s, 'overlays'));
    const problems = overlays.map((overlay) => ({ overlay, problem: proxyTrustProblem(render(overlay)) }));
    expect(problems).toEqual(overlays.map((overlay) => ({ overlay, problem: null })));
    // Not vacuous: production has its Ingress, and the gateway there trusts private (pod) addresses.
    const production = render('production');
    expect(production.some((d) => d.kind === 'Ingress')).toBe(true);
    expect(trustProxySchema.parse(gatewayEnv(production).TRUST_PROXY)).toEqual(expect.arrayContaining(['10.0.0.0/8']));
  });

  withKubectl('narrows who reaches the production gateway to the ingress controller and the public shell, since TRUST_PROXY trusts every private range', () => {
    const production = render('production');
    const hap = { name: 'hap', labels: { 'kubernetes.io/metadata.name': 'hap' } };
    const controller = { namespace: { name: 'ingress-nginx', labels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } }, labels: { 'app.kubernetes.io/name': 'ingress-nginx' } };
    expect(trustProxySchema.parse(gatewayEnv(production).TRUST_PROXY)).toEqual(expect.arrayContaining(['10.0.0.0/8']));
    expect(ingressAdmits(production, 'gateway', 8080, controller)).toBe(true);
    expect(ingressAdmits(production, 'gateway', 8080, { namespace: hap, labels: podOf(production, 'public-shell').labels })).toBe(true);
    // Any other pod, in any namespace (its own included), could send a forged X-Forwarded-For the gateway would believe.
    expect(ingressAdmits(production, 'gateway', 8080, { namespace: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } }, labels: { app: 'anything' } })).toBe(false);
    expect(ingressAdmits(production, 'gateway', 8080, { namespace: controller.namespace, labels: { app: 'another-pod-there' } })).toBe(false);
    for (const own of ['leads', 'tenant-worker', 'ads']) expect(ingressAdmits(production, 'gateway', 8080, { namespace: hap, labels: podOf(production, own).labels })).toBe(false);
    // Not vacuous: the base, which has no Ingress, still admits any pod (kubectl port-forward reaches it locally).
    expect(ingressAdmits(baseDocs(), 'gateway', 8080, { namespace: { name: 'default', labels: {} }, labels: {} })).toBe(true);
  });

  withKubectl('finds an Ingress without TRUST_PROXY, or with it false, wherever the variable would come from', () => {
    const production = render('production');
    const gateway = production.find((d) => d.kind === 'Deployment' && d.metadata.name === 'gateway') as Doc;
    const container = (gateway.spec as { template: { spec: IPodSpec } }).template.spec.containers[0];
    const config = production.find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'hap-config') as Doc;
    const ownEnv = container.env;

    container.env = ownEnv?.filter((v) => v.name !== 'TRUST_PROXY');
    expect(proxyTrustProblem(production)).toBe('an Ingress is in front of the gateway, but TRUST_PROXY=(unset) trusts no proxy');
    config.data = { ...config.data, TRUST_PROXY: '10.42.0.0/16' };
    expect(proxyTrustProblem(production)).toBeNull();
    container.env = [...(container.env ?? []), { name: 'TRUST_PROXY', value: 'false' }];
    expect(proxyTrustProblem(production)).toBe('an Ingress is in front of the gateway, but TRUST_PROXY=false trusts no proxy');
    container.env = [...(ownEnv ?? []).filter((v) => v.name !== 'TRUST_PROXY'), { name: 'TRUST_PROXY', value: '1' }];
    expect(proxyTrustProblem(production)).toMatch(/^TRUST_PROXY=1 is not valid: "1" is a hop count/);
    // No Ingress, nothing asked.
    expect(proxyTrustProblem(production.filter((d) => d.kind !== 'Ingress'))).toBeNull();
  });
});
