import { UnrecoverableError, type Job } from 'bullmq';
import { Messages, type QueuePayload } from '@hap/contracts';
import { ModelRulesError } from '@hap/service-kit/structured-writer';
import type { CampaignWriter } from '../../ai/campaign-writer';
import type { TemplatesClient } from '../../clients/templates.client';
import type { CampaignJobStore } from './campaign-jobs.service';
import { toTemplateCampaignDto } from './campaign.dto';

const NOT_CONFIGURED = 'AI campaign generation is not configured on the worker (set OPENAI_API_KEY).';

/**
 * Runs one request's work and records how it went: a model that is down,
 * slow or rate-limited is retried by BullMQ (after the SDK's own retries),
 * and the request shows the last error meanwhile; campaigns that broke
 * Google's limits twice, a missing template or campaign are not retried.
 */
async function run(store: CampaignJobStore, requestId: string, job: Job, work: () => Promise<string>): Promise<string> {
  await store.running(requestId);
  try {
    return await work();
  } catch (err) {
    const permanent = err instanceof ModelRulesError || err instanceof UnrecoverableError;
    const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await store.failed(requestId, (err as Error).message, final);
    if (permanent && !(err instanceof UnrecoverableError)) throw new UnrecoverableError((err as Error).message);
    throw err;
  }
}

/** The template the model is told about; one deleted meanwhile ends the job without retries. */
function templateOf(templates: TemplatesClient, templateId: number, requestId: string) {
  return templates.template(templateId, requestId).catch((err: { statusCode?: number }) => {
    throw err.statusCode === 404 ? new UnrecoverableError(Messages.serviceTemplateNotFound(templateId)) : err;
  });
}

/** The request a job is about and the writer to do it with; null when it is already done. */
async function pendingRequest(store: CampaignJobStore, requestId: string, writer: CampaignWriter | null) {
  const task = await store.task(requestId);
  if (!task) throw new UnrecoverableError(Messages.campaignJobNotFound(requestId));
  if (task.status === 'succeeded') return null;
  if (!writer) {
    await store.failed(requestId, NOT_CONFIGURED, true);
    throw new UnrecoverableError(NOT_CONFIGURED);
  }
  return { task, writer };
}

/** `ads.generate`: the model writes campaigns for the template; they are stored with the request's id. */
export function createGenerateHandler(store: CampaignJobStore, writer: CampaignWriter | null, templates: TemplatesClient) {
  return async ({ requestId, templateId }: QueuePayload<'ads.generate'>, job: Job<QueuePayload<'ads.generate'>>): Promise<string> => {
    const pending = await pendingRequest(store, requestId, writer);
    if (!pending) return 'already saved';
    const { task } = pending;
    return run(store, requestId, job, async () => {
      const template = await templateOf(templates, templateId, requestId);
      const campaigns = await pending.writer.generate(template, task.brief);
      const ids = await store.saveGenerated(requestId, templateId, campaigns);
      return `campaigns ${ids.join(', ')}`;
    });
  };
}

/** `ads.optimize`: the model rewrites one campaign for the goal, as a proposal beside it (kept or discarded by the admin). */
export function createOptimizeHandler(store: CampaignJobStore, writer: CampaignWriter | null, templates: TemplatesClient) {
  return async ({ requestId, templateId, campaignId, goal }: QueuePayload<'ads.optimize'>, job: Job<QueuePayload<'ads.optimize'>>): Promise<string> => {
    const pending = await pendingRequest(store, requestId, writer);
    if (!pending) return 'already saved';
    return run(store, requestId, job, async () => {
      const campaign = await store.campaign(campaignId);
      if (!campaign) throw new UnrecoverableError(Messages.campaignNotFound(campaignId));
      const template = await templateOf(templates, templateId, requestId);
      const rewritten = await pending.writer.optimize(template, toTemplateCampaignDto(campaign), goal);
      await store.saveProposal(requestId, campaignId, rewritten);
      return `proposal for campaign ${campaignId}`;
    });
  };
}
