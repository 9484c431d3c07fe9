import * as Dialog from '@radix-ui/react-dialog';
import { routes, type ServiceTemplate } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FaqList, TestimonialList, TitledList } from '../forms/ContentLists';
import { TextField } from '../forms/fields';
import { ListEditor } from '../forms/ListEditor';
import { fixFieldsMessage, listIssues } from '../forms/list-rules';
import { usePendingFocus } from '../forms/use-pending-focus';
import { ImageField } from '../images/ImageField';
import { api } from '../lib/api';
import { impactUnknown, PageChangeConfirm } from '../pages/PageChangeConfirm';
import { useToast } from '../toast/toaster';
import { bodyOf, draftOf, emptyStory, templateIssues, withoutBlankRowsOf, type TemplateDraft } from './template-edit';
import { TEMPLATES_KEY } from './templates-query';
import { ModalDialog } from '../pages/ModalDialog';

const SAVE_FAILED = 'Failed to save template changes. Please try again.';

/** What a save did (docs/template-rollout.md#versions): a new version, and where it goes. */
function savedWords(saved: ServiceTemplate, before: ServiceTemplate): string {
  if (saved.version === before.version) return 'Template changes have been saved successfully.';
  return saved.rollout === 'staged'
    ? `Saved as version ${saved.version}. It reaches clinics when you push it from Versions.`
    : `Saved as version ${saved.version}. Every clinic that follows the latest version shows it.`;
}

/**
 * docs/admin.md#template-editor: every field of a template; its lists
 * (benefits, process steps, symptoms, FAQs, testimonials, before-and-after
 * stories) as rows of labelled fields with add, remove and reorder, checked
 * field by field with the API's own schema.
 */
export function TemplateEditDialog({ template, onClose }: { template: ServiceTemplate | null; onClose: () => void }) {
  return (
    <ModalDialog open={template !== null} onOpenChange={(open) => !open && onClose()} aria-describedby={undefined} title={'Edit Template'}>
      {/* A new draft for each template opened. */}
      {template && <TemplateEditForm key={template.id} template={template} onClose={onClose} />}
    </ModalDialog>
  );
}

/** The screen's id of a refused field: a list's `tpl-{list}-{index}-{field}`, else `tpl-edit-{field}`. */
const idOfIssue = (key: string) => (key.includes('.') ? `tpl-${key.split('.').join('-')}` : `tpl-edit-${key}`);

function TemplateEditForm({ template, onClose }: { template: ServiceTemplate; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  // After a refused save the marks follow the draft: a field fixed loses its mark as it is typed.
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setFocusId = usePendingFocus();
  const found = useMemo(() => templateIssues(draft), [draft]);
  const issues = attempted ? found : {};
  const issueCount = Object.keys(issues).length;
  // A new slug moves every clinic's page of the template: who uses it is said first (docs/admin.md#page-paths).
  const [moving, setMoving] = useState<{ body: Record<string, unknown>; message: string } | null>(null);
  const impact = useMutation({
    mutationFn: () => api.call(routes.getTemplatePageImpact, { params: { id: template.id } }),
  });

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.call(routes.updateServiceTemplate, { params: { id: template.id }, body: body as never }),
    // Closes once the list holds what was saved: the editor opens on the list's copy of a template, so one
    // reopened before the refetch answered showed (and would have saved back) the content before this save.
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toast({ title: 'Template updated', description: savedWords(saved, template) });
      onClose();
    },
    // Shown beside the buttons, in the dialog: a toast could lie over them.
    onError: (error) => setFailure(error.message || SAVE_FAILED),
  });

  const set = <K extends keyof TemplateDraft>(key: K, value: TemplateDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit() {
    setAttempted(true);
    setFailure(null);
    // Rows added and left empty are dropped, never refused.
    const clean = withoutBlankRowsOf(draft);
    setDraft(clean);
    // The API's own schema, here first: each field's message beside it.
    const first = Object.keys(templateIssues(clean))[0];
    if (first) {
      setFocusId(idOfIssue(first));
      return;
    }
    const body = bodyOf(clean);
    const slug = typeof body.slug === 'string' ? body.slug.trim().toLowerCase() : template.slug;
    if (slug && slug !== template.slug.toLowerCase()) {
      impact.mutate(undefined, {
        onSuccess: (found) => setMoving({ body, message: found.message }),
        onError: (error) => setMoving({ body, message: impactUnknown(template.slug, error.message) }),
      });
      return;
    }
    save.mutate(body);
  }

  const text = (key: 'name' | 'slug' | 'headline' | 'offer', label: string) => (
    <TextField id={`tpl-edit-${key}`} label={label} value={draft[key]} onChange={(v) => set(key, v)} error={issues[key]} />
  );
  const area = (key: 'description' | 'metaDescription', label: string, rows: number) => (
    <TextField id={`tpl-edit-${key}`} label={label} value={draft[key]} onChange={(v) => set(key, v)} rows={rows} error={issues[key]} />
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

      <TitledList id="tpl-benefits" title="Benefits" one="Benefit" items={draft.benefits} onChange={(v) => set('benefits', v)} errors={listIssues(issues, 'benefits')} />
      <TitledList id="tpl-process" title="Process Steps" one="Step" steps items={draft.process} onChange={(v) => set('process', v)} errors={listIssues(issues, 'process')} />
      <TitledList id="tpl-symptoms" title="Symptoms" one="Symptom" withIcon items={draft.symptoms} onChange={(v) => set('symptoms', v)} errors={listIssues(issues, 'symptoms')} />
      <FaqList id="tpl-faqs" title="FAQs" items={draft.faqs} onChange={(v) => set('faqs', v)} errors={listIssues(issues, 'faqs')} />
      <TestimonialList id="tpl-testimonials" title="Testimonials" items={draft.testimonials} onChange={(v) => set('testimonials', v)} errors={listIssues(issues, 'testimonials')} />

      <ListEditor
        id="tpl-stories"
        title="Before and After Stories"
        one="Story"
        items={draft.stories}
        onChange={(v) => set('stories', v)}
        blank={emptyStory}
        firstField="title"
        errors={listIssues(issues, 'stories')}
        emptyText="No stories yet."
        renderRow={({ item, index, update, fieldId, error }) => (
          <>
            <TextField id={fieldId('title')} label={`Story ${index + 1} title`} value={item.title} onChange={(title) => update({ title })} error={error('title')} />
            <div className="tpl-grid">
              <ImageField label={`Story ${index + 1} before image`} value={item.beforeImage} onChange={(v) => update({ beforeImage: v })} folder="templates" wording="template" />
              <ImageField label={`Story ${index + 1} after image`} value={item.afterImage} onChange={(v) => update({ afterImage: v })} folder="templates" wording="template" />
            </div>
            <div className="tpl-grid">
              <TextField
                id={fieldId('beforeDescription')}
                label={`Story ${index + 1} before description`}
                value={item.beforeDescription}
                rows={3}
                onChange={(beforeDescription) => update({ beforeDescription })}
                error={error('beforeDescription')}
              />
              <TextField
                id={fieldId('afterDescription')}
                label={`Story ${index + 1} after description`}
                value={item.afterDescription}
                rows={3}
                onChange={(afterDescription) => update({ afterDescription })}
                error={error('afterDescription')}
              />
            </div>
            <TextField
              id={fieldId('timeframe')}
              label={`Story ${index + 1} timeframe`}
              value={item.timeframe}
              placeholder="e.g. 12 weeks"
              onChange={(timeframe) => update({ timeframe })}
              error={error('timeframe')}
            />
          </>
        )}
      />

      {moving && (
        <PageChangeConfirm
          id="tpl-slug-change"
          message={moving.message}
          confirmLabel="Change the slug"
          pending={save.isPending}
          onCancel={() => setMoving(null)}
          onConfirm={() => save.mutate(moving.body)}
        />
      )}
      <TextField
        id="tpl-edit-versionNote"
        label="Version note (optional)"
        value={draft.versionNote}
        placeholder="What changed, for the template's versions"
        onChange={(v) => set('versionNote', v)}
        error={issues.versionNote}
      />
      <div className="adm-dialog__footer tpl-footer">
        {issueCount > 0 ? (
          <p className="frm-summary tpl-footer__message" role="alert">
            {fixFieldsMessage(issueCount)} (marked in the form).
          </p>
        ) : failure ? (
          <p className="frm-summary tpl-footer__message" role="alert">
            {failure}
          </p>
        ) : null}
        <Dialog.Close asChild>
          <button type="button" className="adm-button adm-button--secondary">
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending || impact.isPending || moving !== null}>
          {(save.isPending || impact.isPending) && <LoaderCircle size={16} aria-hidden className="adm-spin" />}
          Save Changes
        </button>
      </div>
    </form>
  );
}
