import { IDEMPOTENCY_HEADER, LEAD_TOASTS, LeadSubmitSchema, Messages, originOf } from '@hap/contracts';
import { AppError, badRequest, RETRY_AFTER_SECONDS, sendFormProblem, type RouteHandlers } from '@hap/service-kit';
import type { FastifyRequest } from 'fastify';
import { FORM_KEY_PREFIX, formIdempotencyKeys, formPagePath, problemLine, submissionOf, thanksPath } from './lead-form-post';
import { clientAddress, userAgentOf } from './lead.rules';
import type { LeadService, SubmissionContext } from './lead.service';

const contextOf = (request: FastifyRequest, idempotencyKey: string | undefined): SubmissionContext => ({
  requestId: request.id,
  idempotencyKey,
  ip: clientAddress(request.headers['x-forwarded-for']),
  userAgent: userAgentOf(request.headers['user-agent']),
  log: request.log,
});

/** POST /api/leads (docs/public-site.md#validation, docs/public-site.md#calls) and the same form posted without script (POST /api/leads/form). */
export const leadHandlers = (leads: LeadService): Pick<RouteHandlers<'leads'>, 'submitLead' | 'submitLeadForm'> => ({
  submitLead: async ({ body }, request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    // Those keys are the posted forms' own (derived from their content): no other caller may take one first.
    if (key?.trim().startsWith(FORM_KEY_PREFIX)) throw badRequest(Messages.leadFormKeyReserved);
    const { reference, held, bookingToken } = await leads.submit(body, contextOf(request, key));
    // Held in Redis until the database is back: accepted, stored later under this reference (and no booking token: no row id yet).
    if (held) reply.status(202);
    return bookingToken ? { reference, bookingToken } : { reference };
  },
  submitLeadForm: async ({ body }, request, reply) => {
    const back = formPagePath(body);
    const parsed = LeadSubmitSchema.safeParse(submissionOf(body, request.headers.origin ? originOf(request.headers.origin) : null));
    if (!parsed.success) {
      const problems = [...new Set(parsed.error.issues.map((issue) => problemLine(issue.path, issue.message)))];
      await sendFormProblem(reply, 400, { title: 'Please check the form', lead: 'Your request was not sent yet:', problems, back });
      return;
    }
    const [key, formerKey] = formIdempotencyKeys(parsed.data, new Date());
    try {
      const receipt = await leads.submit(parsed.data, { ...contextOf(request, key), formerIdempotencyKey: formerKey });
      await reply.header('cache-control', 'no-store').redirect(thanksPath(parsed.data.clientId, receipt.reference), 303);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        await sendFormProblem(reply, err.statusCode, { title: 'Your request was not sent', lead: err.message, back });
        return;
      }
      // Whatever failed on our side: the visitor is told so and keeps a way back (the browser keeps what they typed).
      request.log.error({ err }, 'lead form post failed');
      await sendFormProblem(reply.header('retry-after', RETRY_AFTER_SECONDS), 503, { title: LEAD_TOASTS.failure.title, lead: LEAD_TOASTS.failure.description, back });
    }
  },
});
