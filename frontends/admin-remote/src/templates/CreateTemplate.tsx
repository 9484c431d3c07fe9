import {
  ApiError,
  routes,
  TEMPLATE_CREATE_TEXTS,
  TemplateCreateSchema,
  type TemplateCreateInput,
  type TemplateCreate,
  type TemplateGeneration,
} from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ExternalLink, FilePlus, LoaderCircle, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorAria, FormField, InputField } from '../auth/FormField';
import { api } from '../lib/api';
import { LoadingPanel } from '../pages/LoadingPanel';
import { useToast } from '../toast/toaster';
import { templatePreviewUrl } from './templates-filter';
import { generationKey, TEMPLATES_KEY, useAiStatus, useGeneration, useSubcategories } from './templates-query';
import { EmptyState } from '../pages/EmptyState';
import { NamedOptions } from '../forms/Options';

/** docs/admin.md#messages Template creation: the failure texts. */
const FAILED = 'Failed to create template. Please try again.';
const HTML_INSTEAD_OF_JSON = 'Server returned HTML instead of JSON - routing issue.';

/** What a failed create says: the server's sentence, the spec's HTML case, or its default. */
export function createFailureText(error: unknown): string {
  if (error instanceof ApiError && error.code === null && /<(!doctype|html)/i.test(error.message)) return HTML_INSTEAD_OF_JSON;
  return error instanceof Error && error.message ? error.message : FAILED;
}

/**
 * docs/admin.md#templates Create: Template Name, Category, Service Description; the
 * AI writes the rest. Without a model the form is the same and the template is
 * made at once with empty content for the admin to fill in; the
 * screen says so before and after.
 */
export function CreateTemplate({ onCreated }: { onCreated: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const ai = useAiStatus();
  const subcategories = useSubcategories();
  const [generationId, setGenerationId] = useState<number | null>(null);
  const generation = useGeneration(generationId);
  const announced = useRef<number | null>(null);

  const form = useForm<TemplateCreateInput, unknown, TemplateCreate>({
    resolver: zodResolver(TemplateCreateSchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = form.formState;

  // Without AI the screen asks for empty content by name: what it said is what happens, even if a model appears meanwhile.
  const withoutAi = ai.data?.configured === false;
  const create = useMutation({
    mutationFn: (values: TemplateCreate) => api.call(routes.createTemplate, { body: withoutAi ? { ...values, content: 'empty' } : values }),
    onSuccess: (started: TemplateGeneration) => {
      // The answer is the generation's first state (for a template made without AI, its last): no wait for the first poll.
      queryClient.setQueryData(generationKey(started.id), started);
      setGenerationId(started.id);
    },
    onError: (error) => toast({ title: 'Creation failed', description: createFailureText(error), variant: 'destructive' }),
  });

  // The end of a generation: the spec's toast once, the list reloaded with the new template.
  const finished = generation.data && (generation.data.status === 'succeeded' || generation.data.status === 'failed') ? generation.data : null;
  useEffect(() => {
    if (!finished || announced.current === finished.id) return;
    announced.current = finished.id;
    if (finished.status === 'succeeded') {
      toast({ title: 'Template created!', description: withoutAi ? TEMPLATE_CREATE_TEXTS.emptyCreated : `${finished.name} is ready in Browse Templates.` });
      form.reset();
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    } else {
      toast({ title: 'Creation failed', description: finished.error ?? FAILED, variant: 'destructive' });
    }
  }, [finished, toast, form, queryClient, withoutAi]);

  if (ai.isPending || subcategories.isPending) {
    return (
      <LoadingPanel card label="Loading..." />
    );
  }
  const categories = subcategories.data ?? [];
  if (categories.length === 0) {
    return (
      <EmptyState card title="No categories found. Please add categories first." />
    );
  }

  const running = create.isPending || (generationId !== null && !finished);
  const progress = generation.data?.progress ?? 0;

  return (
    <section className="adm-card tpl-create">
      {withoutAi && (
        <div className="tpl-no-ai" role="note" aria-label="AI writing is not configured">
          <AlertTriangle size={18} aria-hidden />
          <div>
            <p>{TEMPLATE_CREATE_TEXTS.noAi}</p>
            <p className="adm-muted">{TEMPLATE_CREATE_TEXTS.noAiHint}</p>
          </div>
        </div>
      )}
      <form className="adm-form" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <InputField
          id="tpl-name"
          label="Template Name"
          error={errors.name}
          placeholder="e.g. PRP Hair Restoration"
          disabled={running}
          {...form.register('name')}
        />
        <FormField id="tpl-category" label="Category" error={errors.subcategoryId?.message}>
          <select
            id="tpl-category"
            className="adm-input"
            {...errorAria('tpl-category', errors.subcategoryId)}
            disabled={running}
            defaultValue=""
            {...form.register('subcategoryId', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
          >
            <option value="" disabled>
              Select a category
            </option>
            <NamedOptions items={categories} />
          </select>
        </FormField>
        <FormField id="tpl-description" label="Service Description" error={errors.description?.message}>
          <textarea
            id="tpl-description"
            className="adm-input tpl-textarea"
            rows={5}
            placeholder={
              withoutAi
                ? 'What the treatment is, who it is for and what the clinic offers. It becomes the template’s description.'
                : 'What the treatment is, who it is for and what the clinic offers. The AI writes the page from this.'
            }
            {...errorAria('tpl-description', errors.description)}
            disabled={running}
            {...form.register('description')}
          />
        </FormField>
        <button type="submit" className="adm-button adm-button--primary" disabled={running}>
          {running ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : withoutAi ? <FilePlus size={16} aria-hidden /> : <Sparkles size={16} aria-hidden />}
          {running ? (withoutAi ? 'Creating template...' : 'Generating template...') : 'Create Template'}
        </button>
      </form>

      {generationId !== null && (
        <div className="tpl-progress" role="status" aria-live="polite">
          {running ? (
            <>
              <p className="tpl-progress__title">Generating template...</p>
              <p className="adm-muted">AI is creating your custom template content. This may take a moment.</p>
              <div className="tpl-progress__bar" role="progressbar" aria-label="Template generation" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
                <span style={{ width: `${Math.max(progress, 5)}%` }} />
              </div>
              <p className="adm-muted">{generation.data?.stage ?? 'Waiting for the AI writer…'}</p>
            </>
          ) : finished?.status === 'succeeded' ? (
            <>
              <p className="tpl-progress__title">Template created!</p>
              {finished.stage === TEMPLATE_CREATE_TEXTS.emptyCreated && <p className="adm-muted">{TEMPLATE_CREATE_TEXTS.emptyCreated}</p>}
              <div className="tpl-progress__actions">
                {finished.templateSlug && (
                  <a className="adm-button adm-button--secondary" href={templatePreviewUrl(finished.templateSlug)} target="_blank" rel="noreferrer">
                    <ExternalLink size={16} aria-hidden />
                    Preview
                  </a>
                )}
                <button type="button" className="adm-button adm-button--ghost" onClick={onCreated}>
                  Browse Templates
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="tpl-progress__title tpl-progress__title--error">Failed to create template.</p>
              <p className="adm-muted">{finished?.error ?? FAILED}</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
