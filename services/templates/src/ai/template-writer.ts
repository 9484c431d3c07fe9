import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { type z } from 'zod';
import { GeneratedTemplateContentSchema, SYMPTOM_ICONS, TEMPLATE_CONTENT_RULES, type GeneratedTemplateContent } from '@hap/contracts';

/** What the model is told about the template to write. */
export interface TemplateBrief {
  name: string;
  description: string;
  category: string;
}

/** The OpenAI adapter of the templates service: the one way it asks a model for content. */
export interface TemplateWriter {
  readonly model: string;
  /** The template's complete content, within the editor's rules; `onAttempt` hears each model call (1, then 2 when it is asked again). */
  write(brief: TemplateBrief, onAttempt?: (attempt: number) => Promise<void> | void): Promise<GeneratedTemplateContent>;
}

/** The model broke the rules twice: asking a third time is not worth a job retry. */
export class ContentRulesError extends Error {
  constructor(readonly problems: string[]) {
    super(`The model's content broke the template rules twice: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}`);
    this.name = 'ContentRulesError';
  }
}

export interface WriterOptions {
  apiKey: string | undefined;
  baseURL: string | undefined;
  model: string;
  timeoutMs: number;
  /** The SDK's own retries of a timeout, 429 or 5xx (default 2). */
  maxRetries?: number;
}

const R = TEMPLATE_CONTENT_RULES;

const SYSTEM_PROMPT = [
  'You write landing page content for a medical or wellness clinic service, for patients who arrive from an ad.',
  'Write warmly and plainly, as a careful clinic marketer would: no guarantees of results, no invented statistics, no clinic or doctor names.',
  `Give exactly ${R.symptoms} symptoms (each description at most ${R.symptomDescriptionMax} characters, with an icon from: ${SYMPTOM_ICONS.join(', ')}),`,
  `exactly ${R.benefits} benefits, exactly ${R.processSteps} process steps whose titles do not start with "Step N:",`,
  `${R.faqsMin} to ${R.faqsMax} FAQs, ${R.testimonialsMin} to ${R.testimonialsMax} testimonials rated 4 or 5,`,
  `a headline of at most ${R.headlineMax} characters and a meta description of at most ${R.metaDescriptionMax} characters.`,
].join(' ');

const briefText = (brief: TemplateBrief) =>
  `Service: ${brief.name}\nCategory: ${brief.category}\nWhat the clinic says about it: ${brief.description}`;

/** zod's complaints as lines the model can act on ("symptoms.2.description: Too big: …"). */
export const describeProblems = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);

/** The writer, or null when no model is configured (the API and screen say so; nothing pretends). */
export function createTemplateWriter(options: WriterOptions): TemplateWriter | null {
  if (!options.apiKey) return null;
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs, maxRetries: options.maxRetries ?? 2 });
  const format = zodResponseFormat(GeneratedTemplateContentSchema, 'service_template');

  const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

  /** The SDK's errors in words an admin can act on (they show on the Create New Template screen). */
  async function complete(messages: OpenAI.ChatCompletionMessageParam[]) {
    const started = Date.now();
    try {
      return await client.chat.completions.create({ model: options.model, messages, response_format: format });
    } catch (err) {
      if (err instanceof OpenAI.APIConnectionTimeoutError || (err instanceof OpenAI.APIConnectionError && Date.now() - started >= options.timeoutMs - 20)) {
        throw new Error(`The AI model did not answer within ${seconds(options.timeoutMs)}.`, { cause: err });
      }
      if (err instanceof OpenAI.APIConnectionError) throw new Error(`The AI model could not be reached: ${(err.cause as Error | undefined)?.message ?? err.message}`, { cause: err });
      if (err instanceof OpenAI.APIError) throw new Error(`The AI model answered ${err.status ?? 'an error'}: ${err.message}`, { cause: err });
      throw err;
    }
  }

  async function ask(messages: OpenAI.ChatCompletionMessageParam[]): Promise<{ content: GeneratedTemplateContent | null; raw: string; problems: string[] }> {
    const completion = await complete(messages);
    const choice = completion.choices[0];
    const raw = choice?.message?.content ?? '';
    if (choice?.message?.refusal) return { content: null, raw: '', problems: [`the model refused: ${choice.message.refusal}`] };
    if (choice?.finish_reason === 'length') return { content: null, raw: '', problems: ['the answer was cut off (too long); write it more briefly'] };
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { content: null, raw, problems: ['the answer was not JSON'] };
    }
    // The JSON schema sent asked for these rules; the check is ours, whatever the model did.
    const checked = GeneratedTemplateContentSchema.safeParse(json);
    return checked.success ? { content: checked.data, raw, problems: [] } : { content: null, raw, problems: describeProblems(checked.error) };
  }

  return {
    model: options.model,
    async write(brief, onAttempt) {
      const messages: OpenAI.ChatCompletionMessageParam[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: briefText(brief) },
      ];
      await onAttempt?.(1);
      const first = await ask(messages);
      if (first.content) return first.content;

      // Once more, with what was wrong, so the model can fix exactly that.
      await onAttempt?.(2);
      const second = await ask([
        ...messages,
        ...(first.raw ? [{ role: 'assistant' as const, content: first.raw }] : []),
        { role: 'user', content: `That answer broke these rules; send the whole content again with them fixed:\n- ${first.problems.join('\n- ')}` },
      ]);
      if (second.content) return second.content;
      throw new ContentRulesError(second.problems);
    },
  };
}
