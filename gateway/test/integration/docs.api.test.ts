import request from 'supertest';
import { Messages, routes, routeTable } from '@hap/contracts';
import { buildOpenApiDocument, openApiPath } from '../../src/docs/openapi';
import { buildGateway, loginCookie, uniqueEmail } from '../helpers/gateway';
import { closedPortUrl } from '../helpers/net';
import { lintOpenApi, type LintProblem } from '../helpers/openapi-validator';
import { startUpstream, verifiesCredentials, type Upstream } from '../helpers/upstream';

const unauthenticated = { success: false, code: 'UNAUTHENTICATED', message: Messages.unauthenticated };

/** Where a row's operation is in the document, as redocly points at it. */
const pointerTo = (route: { path: string; method?: string }) =>
  `#/paths/${openApiPath(route.path).replace(/~/g, '~0').replace(/\//g, '~1')}${route.method ? `/${route.method.toLowerCase()}` : ''}`;
const redirectRows = new Set(routeTable.filter((route) => route.redirect).map((route) => `${pointerTo(route)}/responses`));

/** Warnings of the recommended rules the document keeps, each for a reason. */
const KEPT_WARNINGS: Array<(problem: LintProblem) => boolean> = [
  // The platform is not published under a licence.
  (problem) => problem.ruleId === 'info-license',
  // A redirect row answers 302/303 only: it sends the browser on (OAuth, a form post's thank-you page).
  (problem) => problem.ruleId === 'operation-2xx-response' && redirectRows.has(problem.pointer ?? ''),
  // The spec's paths: only `/api/service-templates/client/google-ads` fits both, and `client` is no template id.
  (problem) => problem.ruleId === 'no-ambiguous-paths' && problem.pointer === pointerTo({ path: routes.listTemplateCampaigns.path }),
  // The same with who uses a page (`/api/services/client/page-impact`) and a template's versions or clinics
  // (`/api/service-templates/{id}/versions` beside `/api/service-templates/client/{clientId}`): `client` is no template or service id.
  (problem) =>
    problem.ruleId === 'no-ambiguous-paths' &&
    [routes.getTemplatePageImpact.path, routes.getServicePageImpact.path, routes.listServicesForClient.path, routes.listClientTemplates.path].some((path) => problem.pointer === pointerTo({ path })),
];

describe('the API docs under /api/docs', () => {
  const admin = { id: 21, email: uniqueEmail('docs'), password: 'a docs admin password' };
  let tenant: Upstream;
  let development: ReturnType<typeof buildGateway>['app'];
  let production: ReturnType<typeof buildGateway>['app'];

  beforeAll(async () => {
    tenant = await startUpstream({ answer: verifiesCredentials([admin]) });
    // Not the shell: the docs are the gateway's own answers, never forwarded.
    const nowhere = await closedPortUrl();
    development = buildGateway({ TENANT_URL: tenant.url, PUBLIC_SHELL_URL: nowhere }).app;
    // Two-factor sign-in for admins is not what this suite checks (mfa.api.test.ts does): a password-only admin here.
    production = buildGateway({
      NODE_ENV: 'production',
      INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? '',
      REQUIRE_ADMIN_MFA: 'false',
      TENANT_URL: tenant.url,
      PUBLIC_SHELL_URL: nowhere,
    }).app;
    await Promise.all([development.ready(), production.ready()]);
  });
  afterAll(async () => {
    await development?.close();
    await production?.close();
    await tenant?.close();
  });

  it('serves the document built from the route table at /api/docs/json', async () => {
    const res = await request(development.server).get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(tenant.received).toEqual([]);
  });

  it('passes redocly lint with the recommended rules: no error, and only the warnings it keeps on purpose', async () => {
    const res = await request(development.server).get('/api/docs/json');
    expect(res.status).toBe(200);
    const problems = await lintOpenApi(res.text);
    // Whole problems in a failure, so it says what to fix and where.
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(problems.filter((problem) => !KEPT_WARNINGS.some((kept) => kept(problem)))).toEqual([]);
  }, 30_000);

  it('serves Swagger UI at /api/docs with its assets, under the site CSP', async () => {
    const page = await request(development.server).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('/api/docs/static/swagger-ui-bundle.js');
    // No inline script for the CSP to refuse: only files from the gateway itself.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
      const res = await request(development.server).get(`/api/docs/static/${asset}`);
      expect(res.status).toBe(200);
    }
  });

  it('shows the docs to admins only in production', async () => {
    for (const path of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js']) {
      const res = await request(production.server).get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthenticated);
    }
    const cookie = await loginCookie(production, admin);
    const json = await request(production.server).get('/api/docs/json').set('cookie', cookie);
    expect(json.status).toBe(200);
    expect(json.body.openapi).toBe('3.1.0');
    expect((await request(production.server).get('/api/docs').set('cookie', cookie)).status).toBe(200);
  });
});
