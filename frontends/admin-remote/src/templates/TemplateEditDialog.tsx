import { DialogFooter } from '../pages/DialogFooter';
import { DialogHeader } from '../pages/DialogHeader';
import * as Dialog from '@radix-ui/react-dialog';
import { ServiceTemplateUpdateSchema, routes, type ServiceTemplate } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '../auth/FormField';
import { ImageField } from '../images/ImageField';
import { api } from '../lib/api';
import { useToast } from '../toast/toaster';
import { bodyOf, draftOf, emptyStory, JSON_FIELDS, type TemplateDraft } from './template-edit';
import { TEMPLATES_KEY } from './templates-query';

const SAVE_FAILED = 'Failed to save template changes. Please try again.';

/** admin spec §2.12: every field of a template, its JSON lists and its before-and-after stories. */
export function TemplateEditDialog({ template, onClose }: { template: ServiceTemplate | null; onClose: () => void }) {
  return (
    <Dialog.Root open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <Dialog.Content className="adm-dialog" aria-describedby={undefined}>
          <DialogHeader title={'Edit Template'} />
          {/* A new draft for each template opened. */}
          {template && <TemplateEditForm key={template.id} template={template} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TemplateEditForm({ template, onClose }: { template: ServiceTemplate; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [issues, setIssues] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.call(routes.updateServiceTemplate, { params: { id: template.id }, body: body as never }),
    onSuccess: () => {
      toast({ title: 'Template updated', description: 'Template changes have been saved successfully.' });
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      onClose();
    },
    onError: (error) => toast({ title: 'Error', description: error.message || SAVE_FAILED, variant: 'destructive' }),
  });

  const set = <K extends keyof TemplateDraft>(key: K, value: TemplateDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit() {
    const built = bodyOf(draft);
    if (!built.ok) {
      toast({ title: 'Error', description: built.error, variant: 'destructive' });
      return;
    }
    // The API's own schema, here first: each field's message beside it.
    const checked = ServiceTemplateUpdateSchema.safeParse(built.body);
    if (!checked.success) {
      setIssues(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      toast({ title: 'Error', description: checked.error.issues[0]?.message ?? SAVE_FAILED, variant: 'destructive' });
      return;
    }
    setIssues({});
    save.mutate(built.body);
  }

  const text = (key: 'name' | 'slug' | 'headline' | 'offer', label: string) => (
    <FormField id={`tpl-edit-${key}`} label={label} error={issues[key]}>
      <input
        id={`tpl-edit-${key}`}
        className="adm-input"
        value={draft[key] ?? ''}
        aria-invalid={issues[key] ? true : undefined}
        aria-describedby={issues[key] ? `tpl-edit-${key}-error` : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
    </FormField>
  );
  const area = (key: 'description' | 'metaDescription', label: string, rows: number) => (
    <FormField id={`tpl-edit-${key}`} label={label} error={issues[key]}>
      <textarea
        id={`tpl-edit-${key}`}
        className="adm-input tpl-textarea"
        rows={rows}
        value={draft[key] ?? ''}
        aria-invalid={issues[key] ? true : undefined}
        aria-describedby={issues[key] ? `tpl-edit-${key}-error` : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
    </FormField>
  );

  return (
            <form
              className="adm-dialog__body"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <div className="tpl-grid">
                {text('name', 'Name')}
                {text('slug', 'Slug')}
              </div>
              {text('headline', 'Headline')}
              {area('description', 'Description', 4)}
              <ImageField label="Hero Background Image" value={draft.heroImage} onChange={(v) => set('heroImage', v)} folder="templates" wording="template" allowUrl />
              <div className="tpl-grid">
                {text('offer', 'Offer')}
                {area('metaDescription', 'Meta Description', 2)}
              </div>
              {JSON_FIELDS.map(({ key, label }) => (
                <FormField key={key} id={`tpl-edit-${key}`} label={label} error={issues[key]}>
                  <textarea
                    id={`tpl-edit-${key}`}
                    className="adm-input tpl-textarea tpl-json"
                    rows={6}
                    spellCheck={false}
                    value={draft.json[key]}
                    aria-invalid={issues[key] ? true : undefined}
                    aria-describedby={issues[key] ? `tpl-edit-${key}-error` : undefined}
                    onChange={(e) => set('json', { ...draft.json, [key]: e.target.value })}
                  />
                </FormField>
              ))}

              <fieldset className="tpl-stories">
                <legend className="adm-label">Before and After Stories</legend>
                {draft.stories.length === 0 && <p className="adm-muted">No stories yet.</p>}
                {draft.stories.map((story, index) => {
                  const update = (patch: Partial<typeof story>) => set('stories', draft.stories.map((s, i) => (i === index ? { ...s, ...patch } : s)));
                  return (
                    <div key={index} className="tpl-story">
                      <div className="tpl-story__header">
                        <strong>Story {index + 1}</strong>
                        <button type="button" className="adm-button adm-button--ghost" onClick={() => set('stories', draft.stories.filter((_, i) => i !== index))}>
                          <Trash2 size={16} aria-hidden />
                          Remove story {index + 1}
                        </button>
                      </div>
                      <FormField id={`tpl-story-${index}-title`} label="Title">
                        <input id={`tpl-story-${index}-title`} className="adm-input" value={story.title} onChange={(e) => update({ title: e.target.value })} />
                      </FormField>
                      <div className="tpl-grid">
                        <ImageField label={`Story ${index + 1} before image`} value={story.beforeImage} onChange={(v) => update({ beforeImage: v })} folder="templates" wording="template" />
                        <ImageField label={`Story ${index + 1} after image`} value={story.afterImage} onChange={(v) => update({ afterImage: v })} folder="templates" wording="template" />
                      </div>
                      <div className="tpl-grid">
                        <FormField id={`tpl-story-${index}-before`} label="Before description">
                          <textarea id={`tpl-story-${index}-before`} className="adm-input tpl-textarea" rows={3} value={story.beforeDescription} onChange={(e) => update({ beforeDescription: e.target.value })} />
                        </FormField>
                        <FormField id={`tpl-story-${index}-after`} label="After description">
                          <textarea id={`tpl-story-${index}-after`} className="adm-input tpl-textarea" rows={3} value={story.afterDescription} onChange={(e) => update({ afterDescription: e.target.value })} />
                        </FormField>
                      </div>
                      <FormField id={`tpl-story-${index}-timeframe`} label="Timeframe">
                        <input id={`tpl-story-${index}-timeframe`} className="adm-input" placeholder="e.g. 12 weeks" value={story.timeframe} onChange={(e) => update({ timeframe: e.target.value })} />
                      </FormField>
                    </div>
                  );
                })}
                <button type="button" className="adm-button adm-button--secondary" onClick={() => set('stories', [...draft.stories, emptyStory()])}>
                  <Plus size={16} aria-hidden />
                  Add Story
                </button>
              </fieldset>

              <DialogFooter action="Save Changes" pending={save.isPending} />
            </form>
  );
}
