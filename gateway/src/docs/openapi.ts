import { z } from 'zod';
import { CLINIC_ROLE_LABELS, clinicRolesOf, ErrorEnvelopeSchema, routeTable, type RouteContract, type RouteOwner } from '@hap/contracts';
import { SESSION_COOKIE } from '../plugins/session';

type JsonSchema = Record<string, unknown>;

/** What each owner answers, for the document's tags. */
const TAGS: Record<RouteOwner, string> = {
  gateway: 'Admin sessions: log in, log out, who is logged in (answered by the gateway itself).',
  tenant: 'Clinics, staff, uploads, domain mappings, which clinic a page shows, self-onboarding and CRM sub-accounts.',
  leads: 'Leads, their delivery and export.',
  templates: 'Service templates, client services and page content.',
  ads: 'Google Ads campaigns, launches and the Ads connection.',
};

/** Why an answer has its status, with the codes it carries. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: queued work, with its job id',
  204: 'No content',
  304: 'Not modified: the ETag sent in If-None-Match still names the answer (no body)',
  400: 'Invalid input (VALIDATION_FAILED with the issues, or BAD_REQUEST)',
  401: 'Not logged in as an admin (UNAUTHENTICATED), or wrong credentials (INVALID_CREDENTIALS)',
  403: 'Not allowed (FORBIDDEN), or a state change from a foreign site (ORIGIN_FORBIDDEN)',
  404: 'No such record (NOT_FOUND)',
  408: 'The request did not fully arrive in time (REQUEST_TIMEOUT)',
  409: 'Conflicts with an existing record (CONFLICT)',
  413: 'The body is larger than this route accepts (PAYLOAD_TOO_LARGE)',
  415: 'Unsupported content type (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests (RATE_LIMITED)',
  500: 'Something went wrong on our side (INTERNAL)',
  502: 'An outside provider refused or failed the request; the message carries its words',
  503: 'A service or the session store is temporarily unavailable (SERVICE_UNAVAILABLE); see Retry-After',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SECURITY_SCHEME = 'adminSession';
const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/** `/api/clients/:id` → `/api/clients/{id}`; a trailing `*` (a file path) → `{path}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

/** `#/$defs/X` (zod's references to schemas with an id) → `#/components/schemas/X`. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof item === 'string' ? item.replace(/^#\/\$defs\//, '#/components/schemas/') : relink(item);
  }
  return out;
}

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema: what a
 * caller sends (`input`) or gets (`output`). Named sub-schemas go to the
 * document's components; what JSON Schema cannot say (a transform) is left open.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= relink(def) as JsonSchema;
  return relink(rest) as JsonSchema;
}

function parameters(route: RouteContract, components: Record<string, JsonSchema>) {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input', components) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const parameter: JsonSchema = {
        name: name === '*' ? 'path' : name,
        in: where,
        required: where === 'path' || Boolean(json.required?.includes(name)),
        schema: property,
      };
      if (name === '*') parameter.description = 'The file’s path, slashes included.';
      // A row's own word on what the value is (one name can mean different ids on different methods of a path).
      else if (typeof property.description === 'string') parameter.description = property.description;
      out.push(parameter);
    }
  }
  return out;
}

function requestBody(route: RouteContract, components: Record<string, JsonSchema>) {
  const limit = `At most ${route.bodyLimit} bytes (413 beyond).`;
  if (route.multipart) {
    return {
      description: `A multipart form. ${limit}`,
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', additionalProperties: true } } },
    };
  }
  if (!route.body) return undefined;
  if (route.form) {
    return {
      description: `A form the browser posts by itself. ${limit}`,
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: toSchema(route.body, 'input', components) } },
    };
  }
  return {
    description: limit,
    required: !route.body.safeParse(undefined).success,
    content: { 'application/json': { schema: toSchema(route.body, 'input', components) } },
  };
}

function responses(route: RouteContract, components: Record<string, JsonSchema>) {
  const out: Record<string, JsonSchema> = {};
  const statuses = new Set(Object.keys(route.responses).map(Number));
  // Answered by the gateway for any row: a foreign Origin on a state change.
  if (STATE_CHANGING.has(route.method)) statuses.add(403);
  if (route.body || route.multipart) statuses.add(408);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const description = STATUS_TEXT[status] ?? 'See the message';
    const schema = route.responses[status];
    if (status >= 400 && route.form) {
      // A person's browser posted it: what to fix comes as a page (a body that is no form at all: the error envelope).
      out[status] = {
        description: `${description}: a page saying what to fix, with a way back`,
        content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: ERROR_REF } },
      };
    } else if (status >= 400) {
      out[status] = { description, content: { 'application/json': { schema: ERROR_REF } } };
    } else if (status === 204 || status === 304) {
      out[status] = { description };
    } else if (route.redirect && (status === 302 || status === 303)) {
      out[status] = { description: 'Sends the browser on (Location header).' };
    } else if (route.file) {
      out[status] = { description, content: { [route.file]: { schema: { type: 'string', contentMediaType: route.file } } } };
    } else if (schema) {
      out[status] = { description, content: { 'application/json': { schema: toSchema(schema, 'output', components) } } };
    }
  }
  return out;
}

function operation(route: RouteContract, components: Record<string, JsonSchema>) {
  const access =
    route.access === 'admin'
      ? `an admin session (the \`${SESSION_COOKIE}\` cookie)`
      : route.access === 'clinic'
        ? `a clinic user's session (the \`${SESSION_COOKIE}\` cookie) whose role is ${clinicRolesOf(route)
            .map((role) => CLINIC_ROLE_LABELS[role].toLowerCase())
            .join(', ')}; the clinic is the user's own, never a parameter`
        : 'anyone';
  const params = parameters(route, components);
  const body = requestBody(route, components);
  return {
    operationId: route.operation,
    summary: route.summary,
    description: `Answered by ${route.owner === 'gateway' ? 'the gateway' : `the ${route.owner} service`}; open to ${access}.`,
    tags: [route.owner],
    // Public rows say so (`[]`): an operation without `security` would leave it undecided.
    security: route.access === 'admin' || route.access === 'clinic' ? [{ [SECURITY_SCHEME]: [] }] : [],
    ...(params.length && { parameters: params }),
    ...(body && { requestBody: body }),
    responses: responses(route, components),
  };
}

export interface OpenApiOptions {
  /** The API's version in `info`. */
  version?: string;
}

/**
 * The OpenAPI 3.1 document of every public and admin row of the route table,
 * built from the rows' zod schemas; `internal` rows (service to service) are
 * not part of the public API and are left out. Pure: same rows, same document.
 */
export function buildOpenApiDocument(rows: readonly RouteContract[] = routeTable, { version = '0.1.0' }: OpenApiOptions = {}) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const published = rows.filter((route) => route.access !== 'internal');
  for (const route of published) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operation(route, components);
  }
  components.ErrorEnvelope = toSchema(ErrorEnvelopeSchema, 'output', components);
  const owners = [...new Set(published.map((route) => route.owner))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Health Ads Platform API',
      version,
      description:
        'Every answer is `{ "success": true, "data": … }` or, for a failure, `{ "success": false, "code", "message", "issues"? }`. ' +
        `Admin routes need the session cookie \`${SESSION_COOKIE}\` that \`POST /api/admin/login\` sets; ` +
        'state changes from a foreign Origin are refused.',
    },
    servers: [{ url: '/' }],
    tags: owners.map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      schemas: components,
      securitySchemes: { [SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
