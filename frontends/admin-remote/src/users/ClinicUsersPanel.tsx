import { CLINIC_ROLES, ClinicUserInviteSchema, type ClinicRole, type ClinicUser, type InvitationResult } from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { Copy, LoaderCircle, Send, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../auth/FormField';
import { formatDateTime } from '../leads/lead-filters';
import { DialogFooter } from '../pages/DialogFooter';
import { useToast } from '../toast/toaster';
import './users.css';

const ROLE_LABELS: Record<ClinicRole, string> = { owner: 'Owner', staff: 'Staff' };
const STATUS_BADGES: Record<ClinicUser['status'], { label: string; tone: string }> = {
  invited: { label: 'Invited', tone: 'adm-badge--neutral' },
  active: { label: 'Active', tone: 'adm-badge--success' },
  disabled: { label: 'Disabled', tone: 'adm-badge--danger' },
};

export interface ClinicUsersActions {
  invite: (values: { email: string; role: ClinicRole }) => Promise<InvitationResult>;
  remove: (user: ClinicUser) => Promise<unknown>;
  /** Admins only: a new link for someone who has not accepted yet. */
  reissue?: (user: ClinicUser) => Promise<InvitationResult>;
  /** Admins only: stop or allow someone's sign-in. */
  setDisabled?: (user: ClinicUser, disabled: boolean) => Promise<unknown>;
}

/**
 * A clinic's users (issue 26 §1): who they are, their role and whether they
 * can sign in, an invitation by e-mail, and removal after a confirmation.
 * The agency's admin and a clinic's owner use the same panel; the owner
 * invites staff only and cannot remove themselves. When e-mail is off the
 * invitation's link is shown once, to hand over, and the panel says why.
 */
export function ClinicUsersPanel({
  users,
  roles,
  selfId,
  actions,
}: {
  users: readonly ClinicUser[];
  /** The roles the signed-in person may invite. */
  roles: readonly ClinicRole[];
  /** The signed-in user (an owner): no Remove on their own row. */
  selfId?: number;
  actions: ClinicUsersActions;
}) {
  const toast = useToast();
  const [link, setLink] = useState<InvitationResult | null>(null);
  const [removing, setRemoving] = useState<ClinicUser | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const shown = (result: InvitationResult) => {
    if (result.inviteUrl) setLink(result);
    else {
      setLink(null);
      toast({ title: 'Invitation sent', description: result.message });
    }
  };
  /** One step on a user's row; false when it failed (and said so). */
  const run = async (user: ClinicUser, step: () => Promise<unknown>, failed: string): Promise<boolean> => {
    setBusy(user.id);
    try {
      await step();
      return true;
    } catch (error) {
      toast({ title: failed, description: (error as Error).message, variant: 'destructive' });
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="usr-panel">
      <InviteForm roles={roles} onInvite={actions.invite} onInvited={shown} />
      {link?.inviteUrl && <InviteLink result={link} onDone={() => setLink(null)} />}
      {users.length === 0 ? (
        <p className="adm-muted">No users yet. Invite the first one above.</p>
      ) : (
        <div className="adm-table-scroll" tabIndex={0} role="region" aria-label="Users (scrolls sideways)">
          <table className="adm-table usr-table">
            <caption className="adm-sr-only">The clinic’s users</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="adm-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <span className="usr-name">{user.name ?? user.email}</span>
                    {user.name && <span className="usr-email">{user.email}</span>}
                  </th>
                  <td data-label="Role">{ROLE_LABELS[user.role]}</td>
                  <td data-label="Status">
                    <span className={`adm-badge ${STATUS_BADGES[user.status].tone}`}>{STATUS_BADGES[user.status].label}</span>
                  </td>
                  <td data-label="Last sign-in">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}</td>
                  <td className="usr-actions">
                    {actions.reissue && user.status === 'invited' && (
                      <button
                        type="button"
                        className="adm-button adm-button--secondary"
                        disabled={busy === user.id}
                        onClick={() => void run(user, async () => shown(await actions.reissue!(user)), 'Failed to send a new link')}
                      >
                        <Send size={16} aria-hidden /> New link
                      </button>
                    )}
                    {actions.setDisabled && user.status !== 'invited' && (
                      <button
                        type="button"
                        className="adm-button adm-button--secondary"
                        disabled={busy === user.id}
                        onClick={() =>
                          void run(user, () => actions.setDisabled!(user, user.status !== 'disabled'), user.status === 'disabled' ? 'Failed to enable' : 'Failed to disable')
                        }
                      >
                        {user.status === 'disabled' ? 'Enable' : 'Disable'}
                      </button>
                    )}
                    {user.id !== selfId && (
                      <button type="button" className="adm-button adm-button--ghost usr-remove" aria-label={`Remove ${user.email}`} onClick={() => setRemoving(user)}>
                        <Trash2 size={16} aria-hidden />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RemoveDialog
        user={removing}
        onClose={() => setRemoving(null)}
        onRemove={async (user) => {
          if (await run(user, () => actions.remove(user), 'Failed to remove the user')) {
            toast({ title: 'User removed', description: `${user.email} can no longer sign in.` });
            setRemoving(null);
          }
        }}
      />
    </div>
  );
}

function InviteForm({ roles, onInvite, onInvited }: { roles: readonly ClinicRole[]; onInvite: ClinicUsersActions['invite']; onInvited: (r: InvitationResult) => void }) {
  const toast = useToast();
  const form = useForm<{ email: string; role: ClinicRole }>({
    resolver: zodResolver(ClinicUserInviteSchema),
    defaultValues: { email: '', role: roles.includes('staff') ? 'staff' : roles[0] },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      onInvited(await onInvite(values));
      form.reset({ email: '', role: values.role });
    } catch (error) {
      toast({ title: 'Failed to invite', description: (error as Error).message, variant: 'destructive' });
    }
  });
  return (
    <form className="usr-invite" noValidate onSubmit={submit} aria-label="Invite a user">
      <FormField id="usr-email" label="Email" error={errors.email?.message} required>
        <input
          id="usr-email"
          type="email"
          className="adm-input"
          placeholder="name@yourclinic.com"
          aria-required="true"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'usr-email-error' : undefined}
          {...form.register('email')}
        />
      </FormField>
      {roles.length > 1 && (
        <FormField id="usr-role" label="Role" error={errors.role?.message}>
          <select id="usr-role" className="adm-input" {...form.register('role')}>
            {CLINIC_ROLES.filter((r) => roles.includes(r)).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <button type="submit" className="adm-button adm-button--primary usr-invite__button" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <UserPlus size={16} aria-hidden />}
        Invite
      </button>
    </form>
  );
}

/** E-mail is off: the one chance to see the link, with the words that say so. */
function InviteLink({ result, onDone }: { result: InvitationResult; onDone: () => void }) {
  const toast = useToast();
  return (
    <section className="usr-link" aria-labelledby="usr-link-title" role="status">
      <h3 id="usr-link-title" className="usr-link__title">
        Hand this link over
      </h3>
      <p className="usr-link__text">{result.message}</p>
      <div className="usr-link__row">
        <input className="adm-input" readOnly value={result.inviteUrl} aria-label="Invitation link" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="adm-button adm-button--secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(result.inviteUrl ?? '');
              toast({ title: 'Copied', description: 'The invitation link is on the clipboard.' });
            } catch {
              toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' });
            }
          }}
        >
          <Copy size={16} aria-hidden /> Copy
        </button>
        <button type="button" className="adm-button adm-button--ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

function RemoveDialog({ user, onClose, onRemove }: { user: ClinicUser | null; onClose: () => void; onRemove: (user: ClinicUser) => Promise<void> }) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <Dialog.Content className="adm-dialog adm-dialog--narrow" role="alertdialog">
          <div className="adm-dialog__header">
            <Dialog.Title className="adm-dialog__title">Remove {user?.email}?</Dialog.Title>
          </div>
          <div className="adm-dialog__body">
            <Dialog.Description className="adm-dialog__text">They are signed out at once and can no longer sign in to the portal. Their past changes stay in the audit log.</Dialog.Description>
            <DialogFooter
              action="Remove User"
              danger
              icon={<Trash2 size={16} aria-hidden />}
              pending={pending}
              onAction={() => {
                if (!user) return;
                setPending(true);
                void onRemove(user).finally(() => setPending(false));
              }}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
