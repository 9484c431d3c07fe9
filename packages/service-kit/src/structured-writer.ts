import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';

/**
 * The one way a service asks an OpenAI-compatible model for structured
 * content (docs/campaigns.md): a JSON-schema answer, checked
 * by our own schema whatever the model did, asked once more with what was
 * wrong, and the SDK's errors said in words an admin can act on. Templates
 * write page content with it, ads write campaigns.
 */

/** The model's settings, as each service that writes with a model configures them. */
export const modelConfigShape = {
  /** The key of the OpenAI-compatible model; unset: the feature says it is not configured. */
  OPENAI_API_KEY: z.string().trim().optional().transform((v) => v || undefined),
  /** Another OpenAI-compatible server (Azure, vLLM, Ollama: http://127.0.0.1:11434/v1); unset: OpenAI's. */
  OPENAI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The model; it must support JSON-schema structured output. */
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** How long one model answer may take (ms); the SDK retries a timeout, a 429 and a 5xx twice. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
};

export interface ModelOptions {
  apiKey: string | undefined;
  baseURL: string | undefined;
  model: string;
  timeoutMs: number;
  /** The SDK's own retries of a timeout, 429 or 5xx (default 2). */
  maxRetries?: number;
}

/** The writer's options from a service's config (modelConfigShape). */
export const modelOptionsOf = (config: { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string; OPENAI_MODEL: string; OPENAI_TIMEOUT_MS: number }): ModelOptions => ({
  apiKey: config.OPENAI_API_KEY,
  baseURL: config.OPENAI_BASE_URL,
  model: config.OPENAI_MODEL,
  timeoutMs: config.OPENAI_TIMEOUT_MS,
});

/** The model broke the rules twice: asking a third time is not worth a job retry. */
export class ModelRulesError extends Error {
  constructor(
    readonly problems: string[],
    what: string,
  ) {
    super(`The model's ${what} broke the ${what === 'content' ? 'template' : what} rules twice: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}`);
    this.name = 'ModelRulesError';
  }
}

/** zod's complaints as lines the model can act on ("symptoms.2.description: Too big: …"). */
export const describeProblems = (error: z.ZodError): string[] => error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);

export interface StructuredWriter<T> {
  readonly model: string;
  /** The answer within `schema`; `onAttempt` hears each model call (1, then 2 when it is asked again). */
  write(system: string, user: string, onAttempt?: (attempt: number) => Promise<void> | void): Promise<T>;
}

export interface WriterSchema<S extends z.ZodObject> {
  /** What the model must answer; the response format is made from it. */
  schema: S;
  /** The response format's name (letters, digits, _ and -). */
  name: string;
  /** What the answer is, in the error that says the rules were broken twice ('content', 'campaign'). */
  what: string;
  /** Rules the schema cannot say (e.g. across fields): problems, or none. */
  check?: (value: z.output<S>) => string[];
}

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/** The writer, or null when no model is configured (the API and screen say so; nothing pretends). */
export function createStructuredWriter<S extends z.ZodObject>(options: ModelOptions, spec: WriterSchema<S>): StructuredWriter<z.output<S>> | null {
  if (!options.apiKey) return null;
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs, maxRetries: options.maxRetries ?? 2 });
  const format = zodResponseFormat(spec.schema, spec.name);

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

  type Answer = { value: z.output<S> | null; raw: string; problems: string[] };
  async function ask(messages: OpenAI.ChatCompletionMessageParam[]): Promise<Answer> {
    const completion = await complete(messages);
    const choice = completion.choices[0];
    const raw = choice?.message?.content ?? '';
    if (choice?.message?.refusal) return { value: null, raw: '', problems: [`the model refused: ${choice.message.refusal}`] };
    if (choice?.finish_reason === 'length') return { value: null, raw: '', problems: ['the answer was cut off (too long); write it more briefly'] };
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { value: null, raw, problems: ['the answer was not JSON'] };
    }
    // The JSON schema sent asked for these rules; the check is ours, whatever the model did.
    const checked = spec.schema.safeParse(json);
    if (!checked.success) return { value: null, raw, problems: describeProblems(checked.error) };
    const problems = spec.check?.(checked.data) ?? [];
    return problems.length ? { value: null, raw, problems } : { value: checked.data, raw, problems: [] };
  }

  return {
    model: options.model,
    async write(system, user, onAttempt) {
      const messages: OpenAI.ChatCompletionMessageParam[] = [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ];
      await onAttempt?.(1);
      const first = await ask(messages);
      if (first.value) return first.value;

      // Once more, with what was wrong, so the model can fix exactly that.
      await onAttempt?.(2);
      const second = await ask([
        ...messages,
        ...(first.raw ? [{ role: 'assistant' as const, content: first.raw }] : []),
        { role: 'user', content: `That answer broke these rules; send the whole answer again with them fixed:\n- ${first.problems.join('\n- ')}` },
      ]);
      if (second.value) return second.value;
      throw new ModelRulesError(second.problems, spec.what);
    },
  };
}
