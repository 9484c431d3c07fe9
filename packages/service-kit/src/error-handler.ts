import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, errorEnvelope, Messages, type ErrorEnvelope } from '@hap/contracts';
import { AppError } from './errors';
import { isDatabaseUnavailable } from './db-errors';
import { isBrowserFormPost, sendFormProblem } from './form-page';

/** zod's own wording for a body that is not an object at all is for developers; this is for people. */
const issueMessage = (v: { instancePath?: string; message?: string }) =>
  !toPath(v.instancePath) && v.message?.includes('expected object')
    ? Messages.bodyNotObject
    : (v.message ?? 'Invalid value');

const toPath = (instancePath: string | undefined) =>
  (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');

/** Fastify's own 4xx sentences are for developers; the ones people may see are the product's. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return Messages.invalidJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return Messages.jsonRequired;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return Messages.requestTooLarge;
    default:
      return error.message;
  }
}

/** How long a caller of a 503 should wait before trying again. */
export const RETRY_AFTER_SECONDS = '5';

/** The service's name, as its logger's base carries it. */
const serviceName = (request: { log: unknown }) => {
  const name = (request.log as { bindings?: () => Record<string, unknown> }).bindings?.().service;
  return typeof name === 'string' ? name : 'requested';
};

/**
 * One error shape for every service (ARCHITECTURE.md#errors): zod issues become 400 with
 * the contract's messages, AppErrors keep their status, every 5xx is masked
 * and logged with the request id. A browser's own form post gets the same
 * status and message as a page (form-page.ts).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ErrorEnvelope;

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: toPath(v.instancePath), message: issueMessage(v) }));
      status = 400;
      body = errorEnvelope(ErrorCode.VALIDATION_FAILED, issues.length === 1 ? issues[0].message : Messages.validationFailed, issues);
    } else if (error instanceof AppError) {
      status = error.statusCode;
      body = errorEnvelope(error.code, error.message, error.issues, error.extra);
    } else if (error.name === 'EntityNotFoundError') {
      // TypeORM's findOneOrFail/findOneByOrFail: the row went away (e.g. deleted meanwhile).
      status = 404;
      body = errorEnvelope(ErrorCode.NOT_FOUND, Messages.notFound);
    } else if (isDatabaseUnavailable(error)) {
      // The database is down (a connection could not be opened or was lost, db-errors.ts): the caller may retry, as with Redis.
      status = 503;
      body = errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable(serviceName(request)));
    } else if (isResponseSerializationError(error)) {
      status = 500;
      body = errorEnvelope(ErrorCode.INTERNAL, Messages.internal);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type).
      status = error.statusCode;
      const code =
        status === 413
          ? ErrorCode.PAYLOAD_TOO_LARGE
          : status === 415
            ? ErrorCode.UNSUPPORTED_MEDIA_TYPE
            : status === 429
              ? ErrorCode.RATE_LIMITED
              : ErrorCode.BAD_REQUEST;
      body = errorEnvelope(code, frameworkMessage(error));
    } else {
      status = 500;
      body = errorEnvelope(ErrorCode.INTERNAL, Messages.internal);
    }

    if (status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, body.message);
    // A browser posting a form by itself shows what comes back: a page, not the envelope.
    if (isBrowserFormPost(request)) {
      const problems = body.issues && body.issues.length > 1 ? body.issues.map((issue) => issue.message) : [];
      return sendFormProblem(reply, status, { title: 'Your request was not sent', lead: body.message, problems });
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(errorEnvelope(ErrorCode.ROUTE_NOT_FOUND, `${Messages.routeNotFound} (${request.method} ${request.url.split('?')[0]})`));
  });
}
