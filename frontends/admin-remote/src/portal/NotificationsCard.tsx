import { NEW_LEAD_EMAIL_CHOICES, routes, type NewLeadEmail } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { LoadFailed } from '../pages/LoadFailed';
import { useToast } from '../toast/toaster';

const NOTIFICATIONS_KEY = ['portal', 'me', 'notifications'] as const;

const CHOICES: Record<NewLeadEmail, { label: string; hint: string }> = {
  each: { label: 'An e-mail for each new lead', hint: 'It says a lead arrived and links to it here; the patient’s details stay in the portal.' },
  off: { label: 'No e-mails', hint: 'New leads still appear on the Leads screen as they arrive.' },
};

/**
 * "Your notifications": the signed-in user's own choice of
 * new-lead e-mails, owners and staff alike, saved as soon as it is picked.
 */
export function NotificationsCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: ({ signal }) => api.call(routes.getMyNotifications, {}, { signal }) });
  const save = useMutation({
    mutationFn: (newLeadEmail: NewLeadEmail) => api.call(routes.updateMyNotifications, { body: { newLeadEmail } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(NOTIFICATIONS_KEY, saved);
      toast({ title: 'Notifications saved', description: saved.newLeadEmail === 'each' ? 'You will get an e-mail for each new lead.' : 'You will get no e-mails of new leads.' });
    },
    onError: (error) => toast({ title: 'Notifications not saved', description: error.message, variant: 'destructive' }),
  });
  const chosen = save.isPending ? save.variables : prefs.data?.newLeadEmail;

  return (
    <section className="adm-card prt-section" aria-labelledby="prt-notifications-title">
      <h2 id="prt-notifications-title" className="prt-section__title">
        Your notifications
      </h2>
      {prefs.isError ? (
        <LoadFailed heading="h3" title="Failed to load your notifications" message={prefs.error.message} onRetry={() => void prefs.refetch()} />
      ) : (
        <fieldset className="prt-choices" disabled={prefs.isPending || save.isPending} aria-busy={prefs.isPending || save.isPending}>
          <legend className="adm-muted">E-mails to you when a new lead arrives (only you; others choose their own).</legend>
          {NEW_LEAD_EMAIL_CHOICES.map((value) => (
            <label key={value} className="prt-choice">
              <input type="radio" name="newLeadEmail" value={value} checked={chosen === value} onChange={() => save.mutate(value)} />
              <span>
                <strong>{CHOICES[value].label}</strong>
                <span className="adm-muted prt-choice__hint">{CHOICES[value].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
