import {
  NEW_LEAD_EMAIL_CHOICES,
  NotificationPreferencesUpdateSchema,
  routes,
  SMS_NUMBER_REQUIRED,
  type NewLeadEmail,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorAria, FormField } from '../auth/FormField';
import { api } from '../lib/api';
import { LoadFailed } from '../pages/LoadFailed';
import { useToast } from '../toast/toaster';
import { currentSubscription, pushSupported, subscribeThisDevice, unsubscribeThisDevice } from './push-device';

const NOTIFICATIONS_KEY = ['portal', 'me', 'notifications'] as const;

const EMAIL_CHOICES: Record<NewLeadEmail, { label: string; hint: string }> = {
  each: { label: 'An e-mail for each new lead', hint: '“New enquiry for your clinic — open the portal” and a link; the patient’s details stay in the portal.' },
  off: { label: 'No e-mails', hint: 'New leads still appear on the Leads screen as they arrive.' },
};
const PUSH_CHOICES: Record<NewLeadEmail, { label: string; hint: string }> = {
  each: { label: 'A notification for each new lead', hint: 'On each device you turn them on for below; it says only that an enquiry arrived.' },
  off: { label: 'No notifications', hint: 'Your devices stay quiet; e-mails follow your choice above.' },
};

/**
 * "Your notifications": the signed-in user's own alerts of new leads (owners
 * and staff alike; docs/leads.md#delivery): e-mails, notifications on their
 * devices (installed on a phone's home screen or not), texts to their mobile,
 * and quiet hours in which all of them wait. Each choice is saved as soon as it
 * is picked; texts and quiet hours with their button.
 */
export function NotificationsCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: ({ signal }) => api.call(routes.getMyNotifications, {}, { signal }) });
  const saved = (data: NotificationPreferences) => queryClient.setQueryData(NOTIFICATIONS_KEY, data);
  const save = useMutation({
    mutationFn: (body: NotificationPreferencesUpdate) => api.call(routes.updateMyNotifications, { body }),
    onSuccess: (data) => {
      saved(data);
      toast({ title: 'Notifications saved' });
    },
    onError: (error) => toast({ title: 'Notifications not saved', description: error.message, variant: 'destructive' }),
  });
  const pending = save.isPending ? save.variables : undefined;
  const email = pending?.newLeadEmail ?? prefs.data?.newLeadEmail;
  const push = pending?.newLeadPush ?? prefs.data?.newLeadPush;

  return (
    <section className="adm-card prt-section" aria-labelledby="prt-notifications-title">
      <h2 id="prt-notifications-title" className="prt-section__title">
        Your notifications
      </h2>
      {prefs.isError ? (
        <LoadFailed heading="h3" title="Failed to load your notifications" message={prefs.error.message} onRetry={() => void prefs.refetch()} />
      ) : (
        <>
          <fieldset className="prt-choices" disabled={prefs.isPending || save.isPending} aria-busy={prefs.isPending || save.isPending}>
            <legend className="adm-muted">E-mails to you when a new lead arrives (only you; others choose their own).</legend>
            {NEW_LEAD_EMAIL_CHOICES.map((value) => (
              <label key={value} className="prt-choice">
                <input type="radio" name="newLeadEmail" value={value} checked={email === value} onChange={() => save.mutate({ newLeadEmail: value })} />
                <span>
                  <strong>{EMAIL_CHOICES[value].label}</strong>
                  <span className="adm-muted prt-choice__hint">{EMAIL_CHOICES[value].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="prt-choices" disabled={prefs.isPending || save.isPending} aria-busy={prefs.isPending || save.isPending}>
            <legend className="adm-muted">Notifications on your phone or computer when a new lead arrives.</legend>
            {NEW_LEAD_EMAIL_CHOICES.map((value) => (
              <label key={value} className="prt-choice">
                <input type="radio" name="newLeadPush" value={value} checked={push === value} onChange={() => save.mutate({ newLeadPush: value })} />
                <span>
                  <strong>{PUSH_CHOICES[value].label}</strong>
                  <span className="adm-muted prt-choice__hint">{PUSH_CHOICES[value].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {prefs.data && <ThisDevice devices={prefs.data.pushDevices} onChange={(pushDevices) => saved({ ...prefs.data, pushDevices })} />}
          {prefs.data && <TextsForm current={prefs.data} busy={save.isPending} onSave={(change) => save.mutate(change)} />}
          {prefs.data && <QuietHoursForm current={prefs.data.quietHours} busy={save.isPending} onSave={(quietHours) => save.mutate({ quietHours })} />}
        </>
      )}
    </section>
  );
}

/**
 * A text to the user's mobile for each new lead (docs/speed-to-lead.md): the alert's sentence and the link,
 * nothing of the patient. The number is read by the API (libphonenumber-js) and kept in E.164.
 */
function TextsForm({ current, busy, onSave }: { current: NotificationPreferences; busy: boolean; onSave: (change: NotificationPreferencesUpdate) => void }) {
  const [on, setOn] = useState(current.newLeadSms === 'each');
  const [number, setNumber] = useState(current.smsNumber ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = NotificationPreferencesUpdateSchema.safeParse({ newLeadSms: on ? 'each' : 'off', smsNumber: number.trim() || null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (on && !number.trim()) return setError(SMS_NUMBER_REQUIRED);
    setError(undefined);
    onSave(parsed.data);
  };
  return (
    <form className="prt-texts" noValidate onSubmit={submit}>
      <label className="prt-choice">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <span>
          <strong>Text me each new lead</strong>
          <span className="adm-muted prt-choice__hint">A text says only which clinic and links to the portal.</span>
        </span>
      </label>
      <FormField id="prt-sms-number" label="Mobile number" error={error}>
        <input id="prt-sms-number" type="tel" autoComplete="tel" value={number} onChange={(e) => setNumber(e.target.value)} {...errorAria('prt-sms-number', error)} />
      </FormField>
      <button type="submit" className="adm-button" disabled={busy}>
        Save texts
      </button>
    </form>
  );
}

/** Turns this device's notifications on (the browser asks the person) or off, and says how many devices get them. */
function ThisDevice({ devices, onChange }: { devices: number; onChange: (pushDevices: number) => void }) {
  const toast = useToast();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentSubscription().then((found) => setSubscribed(Boolean(found)), () => setSubscribed(false));
  }, []);

  async function act(on: boolean) {
    setBusy(true);
    try {
      const answer = on ? await subscribeThisDevice() : await unsubscribeThisDevice();
      if (answer) onChange(answer.pushDevices);
      setSubscribed(on);
      toast({ title: on ? 'Notifications on for this device' : 'Notifications off for this device' });
    } catch (error) {
      toast({ title: 'Notifications not changed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="prt-device">
      <p className="adm-muted">
        {devices === 0 ? 'No device of yours gets notifications yet.' : `${devices} device${devices === 1 ? '' : 's'} of yours get${devices === 1 ? 's' : ''} notifications.`}
        {!pushSupported() && ' This browser cannot show them; on an iPhone, add the portal to your home screen first and open it from there.'}
      </p>
      {pushSupported() &&
        (subscribed ? (
          <button type="button" className="adm-button" disabled={busy} onClick={() => void act(false)}>
            Turn off notifications on this device
          </button>
        ) : (
          <button type="button" className="adm-button adm-button--primary" disabled={busy || subscribed === null} onClick={() => void act(true)}>
            Turn on notifications on this device
          </button>
        ))}
    </div>
  );
}

/** Quiet hours: e-mails and notifications that arrive in them wait until they end (the clinic's time). */
function QuietHoursForm({ current, busy, onSave }: { current: NotificationPreferences['quietHours']; busy: boolean; onSave: (quietHours: NotificationPreferences['quietHours']) => void }) {
  const [on, setOn] = useState(Boolean(current));
  const [start, setStart] = useState(current?.start ?? '20:00');
  const [end, setEnd] = useState(current?.end ?? '07:00');
  return (
    <form
      className="prt-quiet"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(on ? { start, end } : null);
      }}
    >
      <label className="prt-choice">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <span>
          <strong>Quiet hours</strong>
          <span className="adm-muted prt-choice__hint">Alerts that arrive in them wait until they end (your clinic’s time). New leads still show on the Leads screen.</span>
        </span>
      </label>
      {on && (
        <div className="prt-quiet__times">
          <label>
            From <input type="time" className="adm-input" value={start} required onChange={(e) => setStart(e.target.value)} />
          </label>
          <label>
            until <input type="time" className="adm-input" value={end} required onChange={(e) => setEnd(e.target.value)} />
          </label>
        </div>
      )}
      <button type="submit" className="adm-button" disabled={busy}>
        Save quiet hours
      </button>
    </form>
  );
}
