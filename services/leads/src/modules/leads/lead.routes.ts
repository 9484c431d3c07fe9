import { IDEMPOTENCY_HEADER, LeadSubmitSchema } from '@hap/contracts';
import { AppError, type RouteHandlers } from '@hap/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formIdempotencyKey, formPagePath, formProblemPage, submissionOf, thanksPath } from './lead-form-post';
import { clientAddress, userAgentOf } from './lead.rules';
import type { LeadService, SubmissionContext } from './lead.service';

const contextOf = (request: FastifyRequest, idempotencyKey: string | undefined): SubmissionContext => ({
  requestId: request.id,
  idempotencyKey,
  ip: clientAddress(request.headers['x-forwarded-for']),
  userAgent: userAgentOf(request.headers['user-agent']),
  log: request.log,
});

/** The origin of the page that posted (the browser's Origin header), to tell its own pages from a referrer. */
function originOf(header: string | undefined): string | null {
  try {
    return header ? new URL(header).origin : null;
  } catch {
    return null;
  }
}

/** A page for the person whose post was refused: never JSON, never cached. */
function answerPage(reply: FastifyReply, status: number, page: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/** POST /api/leads (public spec §5, §7) and the same form posted without script (POST /api/leads/form). */
export const leadHandlers = (leads: LeadService): Pick<RouteHandlers<'leads'>, 'submitLead' | 'submitLeadForm'> => ({
  submitLead: ({ body }, request) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return leads.submit(body, contextOf(request, Array.isArray(key) ? key[0] : key));
  },
  submitLeadForm: async ({ body }, request, reply) => {
    const back = formPagePath(body);
    const parsed = LeadSubmitSchema.safeParse(submissionOf(body, originOf(request.headers.origin)));
    if (!parsed.success) {
      const problems = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      await answerPage(reply, 400, formProblemPage({ title: 'Please check the form', lead: 'Your request was not sent yet:', problems, back }));
      return;
    }
    try {
      const receipt = await leads.submit(parsed.data, contextOf(request, formIdempotencyKey(parsed.data, new Date())));
      await reply.header('cache-control', 'no-store').redirect(thanksPath(parsed.data.clientId, receipt.reference), 303);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        await answerPage(reply, err.statusCode, formProblemPage({ title: 'Your request was not sent', lead: err.message, problems: [], back }));
        return;
      }
      // Whatever failed on our side: the visitor is told so and keeps a way back (the browser keeps what they typed).
      request.log.error({ err }, 'lead form post failed');
      await answerPage(
        reply,
        503,
        formProblemPage({
          title: 'Your request was not sent',
          lead: 'Something went wrong on our side. Please go back and send it again in a moment, or call the clinic.',
          problems: [],
          back,
        }),
      );
    }
  },
});
