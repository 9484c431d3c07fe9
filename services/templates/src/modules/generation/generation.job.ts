import { UnrecoverableError, type Job } from 'bullmq';
import type { QueuePayload } from '@hap/contracts';
import type { TemplateWriter } from '../../ai/template-writer';
import { ContentRulesError } from '../../ai/template-writer';
import { type GenerationStore, STAGES } from './generation.service';

/**
 * The `templates.generate` job: asks the model for the template's content
 * (once more with the errors when it breaks the rules), then saves the
 * template and links it to the generation in one transaction. Progress and
 * errors are written on the generation for the screen to follow. A model
 * that is down, slow or rate-limited is retried by BullMQ (after the SDK's
 * own retries); content that broke the rules twice is not.
 */
export function createGenerationHandler(store: GenerationStore, writer: TemplateWriter | null) {
  return async ({ generationId }: QueuePayload<'templates.generate'>, job: Job<QueuePayload<'templates.generate'>>): Promise<string> => {
    const task = await store.task(generationId);
    if (!task) throw new UnrecoverableError(`Template generation ${generationId} was not found.`);
    if (task.status === 'succeeded' || task.templateId) return 'already saved';
    if (!writer) {
      await store.failed(generationId, 'AI generation is not configured on the worker (set OPENAI_API_KEY).', true);
      throw new UnrecoverableError('AI generation is not configured on the worker (set OPENAI_API_KEY).');
    }
    await store.attempt(generationId);
    try {
      const content = await writer.write({ name: task.name, description: task.description, category: task.category }, (attempt) =>
        store.stage(generationId, attempt === 1 ? STAGES.writing : STAGES.rewriting),
      );
      await store.stage(generationId, STAGES.saving);
      const templateId = await store.save(generationId, content);
      return `template ${templateId}`;
    } catch (err) {
      const final = err instanceof ContentRulesError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await store.failed(generationId, (err as Error).message, final);
      if (err instanceof ContentRulesError) throw new UnrecoverableError(err.message);
      throw err;
    }
  };
}
