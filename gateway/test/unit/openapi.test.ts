import { z } from 'zod';
import { defineRoute, routes, routeTable } from '@hap/contracts';
import { buildOpenApiDocument, openApiPath } from '../../src/docs/openapi';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { validateOpenApi } from '../helpers/openapi-validator';

type Operation = {
  operationId: string;
  tags: string[];
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required: boolean; description?: string }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};

describe('the OpenAPI document of the route table', () => {
  const document = buildOpenApiDocument();
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item) as Operation[]);
  const operationOf = (route: { path: string; method: string }) =>
    (document.paths[openApiPath(route.path)] as Record<string, Operation> | undefined)?.[route.method.toLowerCase()];

  it('is valid OpenAPI 3.1', async () => {
    const result = await validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  }, 20_000);

  it('lists every public and admin row, and no internal one', () => {
    const published = routeTable.filter((route) => route.access !== 'internal');
    for (const route of published) expect(operationOf(route)).toMatchObject({ operationId: route.operation, tags: [route.owner] });
    expect(operations).toHaveLength(published.length);

    const internal = routeTable.filter((route) => route.access === 'internal');
    expect(internal.length).toBeGreaterThan(0);
    for (const route of internal) {
      expect(operations.map((op) => op.operationId)).not.toContain(route.operation);
      expect(Object.keys(document.paths)).not.toContain(openApiPath(route.path));
    }
  });

  it('asks for the session cookie on admin and clinic rows only', () => {
    expect(document.components.securitySchemes).toEqual({ adminSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } });
    expect(SESSION_COOKIE).toBe('hap_sid');
    for (const route of routeTable.filter((r) => r.access !== 'internal')) {
      const security = operationOf(route)?.security;
      if (route.access === 'admin' || route.access === 'clinic') expect(security).toEqual([{ adminSession: [] }]);
      else expect(security).toEqual([]);
    }
  });

  it('says which clinic roles each clinic row admits', () => {
    expect(operationOf(routes.invitePortalUser)?.description).toContain('whose role is owner;');
    expect(operationOf(routes.updatePortalLeadStatus)?.description).toContain('whose role is owner, front desk;');
    expect(operationOf(routes.listPortalLeads)?.description).toContain('whose role is owner, front desk, viewer;');
  });

  it('names the parameters of one path shape alike, so no two templates differ only by a name', () => {
    const templatesByShape = new Map<string, Set<string>>();
    for (const template of Object.keys(document.paths)) {
      const shape = template.replace(/\{[^}]+\}/g, '{}');
      templatesByShape.set(shape, (templatesByShape.get(shape) ?? new Set()).add(template));
    }
    const clashes = [...templatesByShape.values()].filter((templates) => templates.size > 1).map((templates) => [...templates]);
    expect(clashes).toEqual([]);
    // The client's services and a client service's update share one path, each saying what its id is.
    expect(openApiPath(routes.listClientServices.path)).toBe(openApiPath(routes.updateClientService.path));
    expect(operationOf(routes.listClientServices)?.parameters?.[0]).toMatchObject({ name: 'id', in: 'path', description: expect.stringMatching(/client’s id/) });
  });

  it('gives every status a row answers, errors as the error envelope', () => {
    for (const route of routeTable.filter((r) => r.access !== 'internal')) {
      const responses = operationOf(route)?.responses ?? {};
      for (const status of Object.keys(route.responses)) expect(responses[status]?.description).toEqual(expect.any(String));
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400) expect(response.content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
    }
    expect(document.components.schemas.ErrorEnvelope).toMatchObject({ type: 'object', required: expect.arrayContaining(['success', 'message', 'code']) });
  });

  it('writes path parameters the OpenAPI way, the file path included', () => {
    expect(openApiPath('/api/clients/:id')).toBe('/api/clients/{id}');
    expect(openApiPath('/api/staff-members/client/:clientId')).toBe('/api/staff-members/client/{clientId}');
    expect(openApiPath('/uploads/*')).toBe('/uploads/{path}');
    expect(operationOf(routes.getClient)?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'optimized', in: 'query', required: false }),
    ]);
    expect(operationOf(routes.getUpload)?.parameters).toEqual([expect.objectContaining({ name: 'path', in: 'path', required: true })]);
  });

  it('describes JSON bodies by their input schema, uploads as multipart, files by their content type', () => {
    const create = operationOf(routes.createStaffMember);
    expect(create?.requestBody?.required).toBe(true);
    expect(create?.requestBody?.content['application/json'].schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    expect(create?.responses['201'].content?.['application/json'].schema).toMatchObject({ properties: { success: { const: true } } });

    expect(Object.keys(operationOf(routes.uploadImage)?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    // A browser's own form post: urlencoded in, a 303 onwards, and a page (or the envelope) for what to fix.
    const form = operationOf(routes.submitLeadForm);
    expect(Object.keys(form?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    expect(form?.responses['303']).toEqual({ description: expect.any(String) });
    expect(Object.keys(form?.responses['400'].content ?? {})).toEqual(['text/html', 'application/json']);
    expect(Object.keys(operationOf(routes.getUpload)?.responses['200'].content ?? {})).toEqual(['image/*']);
    // A projection per caller: the answer is one of them.
    expect(operationOf(routes.getClient)?.responses['200'].content?.['application/json'].schema).toMatchObject({
      properties: { data: { anyOf: expect.any(Array) } },
    });
  });

  it('moves named schemas to the components and points at them there', async () => {
    const Named = z.object({ id: z.number().int() }).meta({ id: 'NamedThing' });
    const rows = [
      defineRoute({
        operation: 'listThings',
        method: 'GET',
        path: '/api/things',
        owner: 'leads',
        access: 'admin',
        summary: 'Things.',
        data: z.object({ first: Named, second: Named }),
      }),
    ];
    const own = buildOpenApiDocument(rows);
    expect(own.components.schemas.NamedThing).toMatchObject({ type: 'object' });
    expect(JSON.stringify(own.paths)).toContain('"#/components/schemas/NamedThing"');
    expect(JSON.stringify(own.paths)).not.toContain('$defs');
    expect(await validateOpenApi(own)).toMatchObject({ valid: true });
  }, 20_000);
});
