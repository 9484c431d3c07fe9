import { GeneratedTemplateContentSchema, SYMPTOM_ICONS, TEMPLATE_CONTENT_RULES, type GeneratedTemplateContent } from '@hap/contracts';
import { createStructuredWriter, ModelRulesError, type ModelOptions } from '@hap/service-kit/structured-writer';

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

/** The model broke the template rules twice (the kit's ModelRulesError). */
export { ModelRulesError as ContentRulesError };

export type WriterOptions = ModelOptions;

const R = TEMPLATE_CONTENT_RULES;

const SYSTEM_PROMPT = [
  'You write landing page content for a medical or wellness clinic service, for patients who arrive from an ad.',
  'Write warmly and plainly, as a careful clinic marketer would: no guarantees of results, no invented statistics, no clinic or doctor names.',
  `Give exactly ${R.symptoms} symptoms (each description at most ${R.symptomDescriptionMax} characters, with an icon from: ${SYMPTOM_ICONS.join(', ')}),`,
  `exactly ${R.benefits} benefits, exactly ${R.processSteps} process steps whose titles do not start with "Step N:",`,
  `${R.faqsMin} to ${R.faqsMax} FAQs, ${R.testimonialsMin} to ${R.testimonialsMax} testimonials rated 4 or 5,`,
  `a headline of at most ${R.headlineMax} characters and a meta description of at most ${R.metaDescriptionMax} characters.`,
].join(' ');

const briefText = (brief: TemplateBrief) => `Service: ${brief.name}\nCategory: ${brief.category}\nWhat the clinic says about it: ${brief.description}`;

/** The writer, or null when no model is configured (the API and screen say so; nothing pretends). */
export function createTemplateWriter(options: WriterOptions): TemplateWriter | null {
  const writer = createStructuredWriter(options, { schema: GeneratedTemplateContentSchema, name: 'service_template', what: 'content' });
  if (!writer) return null;
  return { model: writer.model, write: (brief, onAttempt) => writer.write(SYSTEM_PROMPT, briefText(brief), onAttempt) };
}
