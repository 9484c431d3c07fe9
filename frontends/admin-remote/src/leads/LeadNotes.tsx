import { zodResolver } from '@hookform/resolvers/zod';
import { LeadNoteInputSchema, NOTE_MAX_LENGTH, routes, type LeadNoteInput, type TimelineEntry } from '@hap/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorAria, FormField } from '../auth/FormField';
import { useToast } from '../toast/toaster';
import { useAddNote, useEditNote } from './front-desk-query';
import { formatDateTime } from './lead-filters';
import { useLeadsCan } from './leads-can';
import { useLeadTimeline } from './leads-query';

type NoteEntry = Extract<TimelineEntry, { type: 'note' }>;

/** The note form: the API's own schema checks it (react-hook-form with zodResolver), so the words are the API's. */
function NoteForm({ id, label, initial, submitLabel, onSave, onCancel }: { id: string; label: string; initial: string; submitLabel: string; onSave: (body: LeadNoteInput) => Promise<unknown>; onCancel?: () => void }) {
  const form = useForm<LeadNoteInput>({ resolver: zodResolver(LeadNoteInputSchema), defaultValues: { body: initial } });
  const error = form.formState.errors.body?.message;
  const length = useWatch({ control: form.control, name: 'body' })?.length ?? 0;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      form.reset({ body: onCancel ? values.body : '' });
    } catch (err) {
      form.setError('body', { message: err instanceof Error ? err.message : 'The note was not saved.' });
    }
  });
  return (
    <form className="adm-form fd-note-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormField id={id} label={label} error={error} counter={`${length}/${NOTE_MAX_LENGTH}`}>
        <textarea id={id} rows={3} maxLength={NOTE_MAX_LENGTH} className="adm-input" {...form.register('body')} {...errorAria(id, error)} />
      </FormField>
      <div className="fd-row">
        <button type="submit" className="adm-button adm-button--primary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="adm-button adm-button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function Note({ leadId, note }: { leadId: number; note: NoteEntry }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditNote(leadId);
  const toast = useToast();
  if (editing) {
    return (
      <NoteForm
        id={`note-${note.id}-edit`}
        label="Edit the note"
        initial={note.body}
        submitLabel="Save note"
        onCancel={() => setEditing(false)}
        onSave={async (body) => {
          await edit.mutateAsync({ noteId: note.id, body });
          setEditing(false);
          toast({ title: 'Note saved', description: 'The earlier words are kept in its history.' });
        }}
      />
    );
  }
  return (
    <>
      <p className="fd-note__body">{note.body}</p>
      <p className="adm-muted fd-note__meta">
        {note.by ?? 'Someone'} · {formatDateTime(note.createdAt)}
        {note.edited && ` · edited ${formatDateTime(note.updatedAt)}`}
      </p>
      {note.edited && (
        <details className="fd-note__history">
          <summary>History ({note.versions.length} versions)</summary>
          <ol>
            {note.versions.map((v) => (
              <li key={v.version}>
                <span className="adm-muted">
                  {formatDateTime(v.at)} · {v.by ?? 'Someone'}
                </span>
                <p>{v.body}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
      {note.mine && (
        <button type="button" className="adm-button adm-button--ghost fd-small" onClick={() => setEditing(true)} aria-label={`Edit the note of ${formatDateTime(note.createdAt)}`}>
          Edit
        </button>
      )}
    </>
  );
}

/** The lead's notes (who, when, edited with their history) and the form to add one (docs/leads.md#notes). */
export function LeadNotes({ leadId }: { leadId: number }) {
  const timeline = useLeadTimeline(leadId);
  const add = useAddNote(leadId);
  const canAdd = useLeadsCan(routes.addPortalLeadNote);
  const notes = (timeline.data?.entries ?? []).filter((e): e is NoteEntry => e.type === 'note');
  return (
    <div className="fd-notes">
      {notes.length ? (
        <ul className="fd-list" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className="fd-note">
              <Note leadId={leadId} note={note} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="adm-muted">No notes yet.</p>
      )}
      {canAdd && <NoteForm id={`lead-${leadId}-note`} label="Add a note" initial="" submitLabel="Add note" onSave={(body) => add.mutateAsync(body)} />}
    </div>
  );
}
