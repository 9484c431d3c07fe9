import { ApiError, MESSAGE_PLACEHOLDERS, MessagingSettingsSchema, SMS_REPLY_MAX_LENGTH, type MessagingSettings, type StoredMessaging } from '@hap/contracts';
import { Plus, RotateCcw, Save, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorAria, FormField } from '../auth/FormField';
import { useToast } from '../toast/toaster';
import { useResetMessaging, useSaveMessaging, type MessagingScope } from './messaging-query';

type Errors = Record<string, string>;
const MAX_FOLLOW_UPS = 5;

/** Each message of a failed check at its field's path ('followUps.0.text'). */
function errorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * What patients hear automatically (docs/speed-to-lead.md): the first text and e-mail, the follow-up texts
 * while the lead stays new, the quiet hours in the clinic's time zone, and when a waiting lead nudges the
 * clinic. Checked by the API's own schema before it is sent; the API's 400 lands at the same fields.
 */
export function MessagingForm({ clientId, stored }: { clientId: MessagingScope; stored: StoredMessaging }) {
  const toast = useToast();
  const save = useSaveMessaging(clientId);
  const reset = useResetMessaging(clientId ?? 0);
  const [draft, setDraft] = useState<MessagingSettings>(stored.settings);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof MessagingSettings>(key: K, value: MessagingSettings[K]) => setDraft({ ...draft, [key]: value });
  const setStep = (i: number, step: Partial<MessagingSettings['followUps'][number]>) => set('followUps', draft.followUps.map((s, j) => (j === i ? { ...s, ...step } : s)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = MessagingSettingsSchema.safeParse(draft);
    if (!checked.success) {
      const found = errorsOf(checked.error.issues);
      setErrors(found);
      toast({ title: 'Check the highlighted fields', description: Object.values(found)[0], variant: 'destructive' });
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => toast({ title: clientId === null ? 'Agency defaults saved' : 'Patient messages saved' }),
      onError: (err) => {
        if (err instanceof ApiError && err.issues?.length) setErrors(errorsOf(err.issues));
        toast({ title: 'Not saved', description: err.message, variant: 'destructive' });
      },
    });
  };

  const field = (name: string) => `msg-${clientId ?? 'defaults'}-${name.replaceAll('.', '-')}`;
  return (
    <form className="adm-card adm-form msg-form" noValidate onSubmit={submit}>
      {clientId !== null && (
        <p className="msg-form__inherit">
          {stored.inherited ? 'This clinic follows the agency’s defaults. Saving gives it settings of its own.' : 'This clinic has settings of its own.'}
          {!stored.inherited && (
            <button
              type="button"
              className="adm-button"
              disabled={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: (saved) => {
                    setDraft(saved.settings);
                    toast({ title: 'The clinic follows the agency’s defaults again' });
                  },
                })
              }
            >
              <RotateCcw size={16} aria-hidden /> Use the agency’s defaults
            </button>
          )}
        </p>
      )}
      <fieldset className="msg-form__group">
        <legend>Right after the form</legend>
        <label className="msg-form__check">
          <input type="checkbox" checked={draft.firstReplySms} onChange={(e) => set('firstReplySms', e.target.checked)} /> Text the patient (with their consent to texts)
        </label>
        <label className="msg-form__check">
          <input type="checkbox" checked={draft.firstReplyEmail} onChange={(e) => set('firstReplyEmail', e.target.checked)} /> E-mail the patient a receipt with the booking link
        </label>
        <FormField id={field('firstReplyText')} label="First text" error={errors.firstReplyText} counter={`${draft.firstReplyText.length}/${SMS_REPLY_MAX_LENGTH}`}>
          <textarea id={field('firstReplyText')} rows={3} value={draft.firstReplyText} onChange={(e) => set('firstReplyText', e.target.value)} {...errorAria(field('firstReplyText'), errors.firstReplyText)} />
        </FormField>
        <p className="adm-muted msg-form__hint">Words filled in for each patient: {MESSAGE_PLACEHOLDERS.join(', ')}. Without online booking, the link reads as the clinic’s phone.</p>
      </fieldset>
      <fieldset className="msg-form__group">
        <legend>Follow-up texts</legend>
        <p className="adm-muted msg-form__hint">Sent while the lead stays new and unbooked; they stop at once when the patient books, replies or sends STOP, or anyone moves the lead.</p>
        {draft.followUps.map((step, i) => (
          <div key={i} className="msg-form__step">
            <FormField id={field(`followUps.${i}.afterHours`)} label={`Follow-up ${i + 1}: hours after the form`} error={errors[`followUps.${i}.afterHours`]}>
              <input
                id={field(`followUps.${i}.afterHours`)}
                type="number"
                min={1}
                max={720}
                value={Number.isNaN(step.afterHours) ? '' : step.afterHours}
                onChange={(e) => setStep(i, { afterHours: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                {...errorAria(field(`followUps.${i}.afterHours`), errors[`followUps.${i}.afterHours`])}
              />
            </FormField>
            <FormField id={field(`followUps.${i}.text`)} label={`Follow-up ${i + 1}: words`} error={errors[`followUps.${i}.text`]} counter={`${step.text.length}/${SMS_REPLY_MAX_LENGTH}`}>
              <textarea id={field(`followUps.${i}.text`)} rows={2} value={step.text} onChange={(e) => setStep(i, { text: e.target.value })} {...errorAria(field(`followUps.${i}.text`), errors[`followUps.${i}.text`])} />
            </FormField>
            <button type="button" className="adm-button adm-button--ghost" onClick={() => set('followUps', draft.followUps.filter((_, j) => j !== i))} aria-label={`Remove follow-up ${i + 1}`}>
              <Trash2 size={16} aria-hidden /> Remove
            </button>
          </div>
        ))}
        {draft.followUps.length < MAX_FOLLOW_UPS && (
          <button
            type="button"
            className="adm-button"
            onClick={() => set('followUps', [...draft.followUps, { afterHours: (draft.followUps.at(-1)?.afterHours ?? 0) + 24, text: 'Hi {firstName}, {clinic} here: book at {bookingLink}. Reply STOP to opt out.' }])}
          >
            <Plus size={16} aria-hidden /> Add a follow-up
          </button>
        )}
      </fieldset>
      <fieldset className="msg-form__group msg-form__row">
        <legend>Quiet hours (the clinic’s time zone): nothing is texted, it waits</legend>
        <FormField id={field('quietHours.start')} label="From" error={errors['quietHours.start']}>
          <input id={field('quietHours.start')} type="time" value={draft.quietHours.start} onChange={(e) => set('quietHours', { ...draft.quietHours, start: e.target.value })} {...errorAria(field('quietHours.start'), errors['quietHours.start'])} />
        </FormField>
        <FormField id={field('quietHours.end')} label="Until" error={errors['quietHours.end']}>
          <input id={field('quietHours.end')} type="time" value={draft.quietHours.end} onChange={(e) => set('quietHours', { ...draft.quietHours, end: e.target.value })} {...errorAria(field('quietHours.end'), errors['quietHours.end'])} />
        </FormField>
        <FormField id={field('nudgeAfterMinutes')} label="Remind the clinic of a new lead after (minutes)" error={errors.nudgeAfterMinutes}>
          <input
            id={field('nudgeAfterMinutes')}
            type="number"
            min={5}
            max={1440}
            value={Number.isNaN(draft.nudgeAfterMinutes) ? '' : draft.nudgeAfterMinutes}
            onChange={(e) => set('nudgeAfterMinutes', e.target.value === '' ? Number.NaN : Number(e.target.value))}
            {...errorAria(field('nudgeAfterMinutes'), errors.nudgeAfterMinutes)}
          />
        </FormField>
        <FormField id={field('escalateAfterMinutes')} label="Tell the agency of a new lead after (minutes)" error={errors.escalateAfterMinutes}>
          <input
            id={field('escalateAfterMinutes')}
            type="number"
            min={10}
            max={10080}
            value={Number.isNaN(draft.escalateAfterMinutes) ? '' : draft.escalateAfterMinutes}
            onChange={(e) => set('escalateAfterMinutes', e.target.value === '' ? Number.NaN : Number(e.target.value))}
            {...errorAria(field('escalateAfterMinutes'), errors.escalateAfterMinutes)}
          />
        </FormField>
      </fieldset>
      <p className="adm-muted msg-form__hint">Reminders wait for the clinic’s booking hours: the clinic’s users get a push, the agency’s admins an e-mail.</p>
      <fieldset className="msg-form__group">
        <legend>Who takes a new lead</legend>
        <label className="msg-form__check">
          <input type="checkbox" checked={draft.roundRobin} onChange={(e) => set('roundRobin', e.target.checked)} /> Round-robin: give each new lead to the clinic’s next user in turn
        </label>
        <p className="adm-muted msg-form__hint">Every active user who is not read-only takes a turn; they are told without the patient’s details.</p>
      </fieldset>
      <div className="msg-form__actions">
        <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending}>
          <Save size={16} aria-hidden /> {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
