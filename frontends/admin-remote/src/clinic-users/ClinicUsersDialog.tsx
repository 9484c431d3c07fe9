import { CLINIC_ROLE_LABELS, CLINIC_ROLES, ClinicUserInviteSchema, routes, type Client, type ClinicRole, type ClinicUser, type ClinicUserInvite, type InvitationResult } from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Copy, LoaderCircle, MailPlus, RotateCcw, ShieldOff, Trash2, UserCheck } from 'lucide-react';
import { createContext, useContext, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, InputField } from '../auth/FormField';
import { api } from '../lib/api';
import { apiFieldError } from '../lib/field-errors';
import { ClientPanelDialog } from '../pages/ClientPanelDialog';
import { IconAction } from '../pages/IconAction';
import { InlineConfirm } from '../pages/InlineConfirm';
import { MemberList } from '../staff/MemberList';
import '../staff/staff.css';
import { useToast } from '../toast/toaster';
import { clinicUsersKey } from './clinic-users-query';
import './clinic-users.css';

const STATUS_BADGE: Record<ClinicUser['status'], string> = {
  invited: 'adm-badge adm-badge--neutral',
  active: 'adm-badge adm-badge--success',
  disabled: 'adm-badge adm-badge--danger',
};

/**
 * Who manages the users: the agency for any clinic (every action), or a
 * clinic's owner in the portal (docs/portal.md: invites staff and removes
 * them, never themselves; the clinic is the signed identity's).
 */
export type UsersScope = { kind: 'admin'; clientId: number } | { kind: 'portal'; selfId: number };
const UsersScopeContext = createContext<UsersScope>({ kind: 'portal', selfId: 0 });

/** The users' cache key: one clinic's for the agency, the portal's own list otherwise. */
const keyOf = (scope: UsersScope) => (scope.kind === 'admin' ? clinicUsersKey(scope.clientId) : (['portal', 'users'] as const));

/** A clinic's users in display order (owners first), by scope. */
function useUsers(scope: UsersScope) {
  return useQuery({
    queryKey: keyOf(scope),
    queryFn: ({ signal }): Promise<ClinicUser[]> =>
      scope.kind === 'admin' ? api.call(routes.listClientUsers, { params: { id: scope.clientId } }, { signal }) : api.call(routes.listPortalUsers, {}, { signal }),
  });
}

/**
 * A clinic's users: who can sign in to its portal, as owner or
 * staff. Invite by e-mail, re-issue an invitation, change a role, disable or
 * remove. When e-mail is off, the invitation link is shown to hand over.
 */
export function ClinicUsersDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  return (
    <ClientPanelDialog client={client} title="Portal Users" onClose={onClose}>
      {(c) => <ClinicUsersPanel key={c.id} scope={{ kind: 'admin', clientId: c.id }} />}
    </ClientPanelDialog>
  );
}

/** The users and the invitation form: the admin's dialog and the portal's Users screen. */
export function ClinicUsersPanel({ scope }: { scope: UsersScope }) {
  const users = useUsers(scope);
  // The last invitation made with e-mail off: its link, to hand over.
  const [handOver, setHandOver] = useState<InvitationResult | null>(null);

  return (
    <UsersScopeContext.Provider value={scope}>
    <div className="adm-dialog__body stf-layout">
      <MemberList
        id="cu-list-title"
        title="Portal users"
        query={users}
        loading="Loading users..."
        failed="Error loading users"
        empty={scope.kind === 'admin' ? 'No users yet. Invite the clinic’s owner with the form.' : 'No users yet. Invite your staff with the form.'}
      >
        {(list) => list.map((user) => <UserRow key={user.id} user={user} onInvitation={setHandOver} />)}
      </MemberList>
      <div>
        <InviteForm onInvitation={setHandOver} />
        {handOver?.inviteUrl && <HandOver result={handOver} />}
      </div>
    </div>
    </UsersScopeContext.Provider>
  );
}

/** Mail is off: the link, a Copy button, and the words saying so. */
function HandOver({ result }: { result: InvitationResult }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.inviteUrl ?? '');
      toast({ title: 'Copied', description: 'The invitation link is on the clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <div className="cu-link" role="status">
      <p className="cu-link__note">
        <strong>E-mail is off.</strong> {result.message}
      </p>
      <div className="cu-link__row">
        <input className="adm-input" readOnly value={result.inviteUrl} aria-label="Invitation link" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="adm-button adm-button--secondary" onClick={() => void copy()}>
          <Copy size={16} aria-hidden />
          Copy
        </button>
      </div>
    </div>
  );
}

function UserRow({ user, onInvitation }: { user: ClinicUser; onInvitation: (result: InvitationResult) => void }) {
  const scope = useContext(UsersScopeContext);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'remove' | 'reset' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keyOf(scope) });
  const clientId = scope.kind === 'admin' ? scope.clientId : 0;
  const params = { id: clientId, userId: user.id };
  const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

  const reissue = useMutation({
    mutationFn: () => api.call(routes.reissueClientUserInvitation, { params }),
    onSuccess: (result) => {
      toast({ title: 'Invitation sent', description: result.message });
      onInvitation(result);
    },
    onError: failed('Failed to send the invitation'),
  });
  const update = useMutation({
    mutationFn: (body: { role?: ClinicRole; disabled?: boolean }) => api.call(routes.updateClientUser, { params, body }),
    onSuccess: (saved) => {
      toast({ title: 'User updated', description: `${saved.email} is now ${saved.status === 'disabled' ? 'disabled' : saved.role}. Their open sessions ended.` });
      refresh();
    },
    onError: failed('Failed to update the user'),
  });
  const remove = useMutation({
    mutationFn: () =>
      scope.kind === 'admin' ? api.call(routes.deleteClientUser, { params }) : api.call(routes.deletePortalUser, { params: { userId: user.id } }),
    onSuccess: () => {
      toast({ title: 'User removed', description: `${user.email} can no longer sign in.` });
      refresh();
    },
    onError: failed('Failed to remove the user'),
  });
  // For a user who lost their phone or passkey: the agency turns two-factor sign-in off, audited.
  const resetTwoFactor = useMutation({
    mutationFn: () => api.call(routes.resetClientUserTwoFactor, { params }),
    onSuccess: () => {
      setConfirming(null);
      toast({ title: 'Two-factor sign-in reset', description: `${user.email} signs in with their password alone until they set it up again. Their open sessions ended.` });
    },
    onError: failed('Failed to reset two-factor sign-in'),
  });
  const busy = reissue.isPending || update.isPending || remove.isPending || resetTwoFactor.isPending;

  return (
    <li className="stf-member">
      <div className="stf-member__text">
        <span className="stf-member__name">{user.name ?? user.email}</span>
        {user.name && <span className="stf-member__title">{user.email}</span>}
        <span className="cu-meta">
          <span className={STATUS_BADGE[user.status]}>{user.status}</span> {CLINIC_ROLE_LABELS[user.role]}
          {user.lastLoginAt && ` · last sign-in ${new Date(user.lastLoginAt).toLocaleString()}`}
        </span>
      </div>
      {confirming === 'reset' ? (
        <InlineConfirm
          label={`Reset two-factor sign-in of ${user.email}?`}
          text={`Reset two-factor sign-in of ${user.email}? Their authenticator app, recovery codes and passkeys stop working.`}
          confirm="Reset"
          pending={resetTwoFactor.isPending}
          onKeep={() => setConfirming(null)}
          onConfirm={() => resetTwoFactor.mutate()}
        />
      ) : confirming === 'remove' ? (
        <InlineConfirm
          label={`Remove ${user.email}?`}
          text={`Remove ${user.email}? They can no longer sign in.`}
          confirm="Remove"
          pending={remove.isPending}
          onKeep={() => setConfirming(null)}
          onConfirm={() => remove.mutate()}
        />
      ) : (
        <div className="stf-member__actions">
          {scope.kind === 'admin' && (
          <select
            className="adm-input"
            aria-label={`Role of ${user.email}`}
            value={user.role}
            disabled={busy}
            onChange={(e) => update.mutate({ role: e.target.value as ClinicRole })}
          >
            {CLINIC_ROLES.map((role) => (
              <option key={role} value={role}>
                {CLINIC_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          )}
          {scope.kind === 'admin' && user.status === 'invited' && (
            <IconAction label={`Send ${user.email} a new invitation`} tip="Re-issue invitation" icon={<RotateCcw size={16} aria-hidden />} onClick={() => !busy && reissue.mutate()} />
          )}
          {scope.kind === 'admin' &&
            (user.status === 'disabled' ? (
              <IconAction label={`Enable ${user.email}`} tip="Enable" icon={<UserCheck size={16} aria-hidden />} onClick={() => !busy && update.mutate({ disabled: false })} />
            ) : (
              <IconAction label={`Disable ${user.email}`} tip="Disable" icon={<Ban size={16} aria-hidden />} onClick={() => !busy && update.mutate({ disabled: true })} />
            ))}
          {scope.kind === 'admin' && user.status === 'active' && (
            <IconAction
              label={`Reset two-factor sign-in of ${user.email}`}
              tip="Reset two-factor sign-in"
              icon={<ShieldOff size={16} aria-hidden />}
              onClick={() => !busy && setConfirming('reset')}
            />
          )}
          {!(scope.kind === 'portal' && scope.selfId === user.id) && (
            <IconAction label={`Remove ${user.email}`} tip="Remove" danger icon={<Trash2 size={16} aria-hidden />} onClick={() => setConfirming('remove')} />
          )}
        </div>
      )}
    </li>
  );
}

function InviteForm({ onInvitation }: { onInvitation: (result: InvitationResult) => void }) {
  const scope = useContext(UsersScopeContext);
  const toast = useToast();
  const queryClient = useQueryClient();
  // The agency most often adds a clinic's owner, an owner their front desk (docs/portal.md#roles).
  const firstRole: ClinicRole = scope.kind === 'admin' ? 'owner' : 'front_desk';
  const form = useForm<z.input<typeof ClinicUserInviteSchema>, unknown, ClinicUserInvite>({ resolver: zodResolver(ClinicUserInviteSchema), defaultValues: { email: '', role: firstRole } });
  const invite = useMutation({
    mutationFn: (body: ClinicUserInvite) =>
      scope.kind === 'admin'
        ? api.call(routes.createClientUser, { params: { id: scope.clientId }, body })
        : api.call(routes.invitePortalUser, { body }),
    onSuccess: (result) => {
      toast({ title: result.mail === 'off' ? 'User invited: hand over the link' : 'Invitation sent', description: result.message });
      onInvitation(result);
      form.reset({ email: '', role: firstRole });
      void queryClient.invalidateQueries({ queryKey: keyOf(scope) });
    },
    onError: (error) => {
      // An address the platform will not take (already used) is said at the field; anything else under the form.
      const atField = apiFieldError(error, 'email');
      if (atField) form.setError('email', { type: 'server', message: atField }, { shouldFocus: true });
      else form.setError('root.server', { type: 'server', message: error.message });
    },
  });
  const { errors } = form.formState;
  return (
    <form className="stf-form" noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))} aria-labelledby="cu-form-title">
      <h3 id="cu-form-title" className="stf-heading">
        Invite a user
      </h3>
      <InputField
        id="cu-email"
        label="E-mail"
        error={errors.email}
        required
        type="email"
        placeholder="e.g. owner@clinic.com"
        aria-required
        {...form.register('email')}
      />
      <FormField id="cu-role" label="Role" error={errors.role?.message}>
        <select id="cu-role" className="adm-input" {...form.register('role')}>
          <option value="owner">Owner: everything, including the clinic’s users, domains and profile</option>
          <option value="front_desk">Front desk: leads, calendar, conversations and tasks</option>
          <option value="viewer">Viewer: sees everything, changes nothing</option>
        </select>
      </FormField>
      <p className="stf-hint">The invitation link works once, for 72 hours.</p>
      {errors.root?.server && (
        <p className="stf-error" role="alert">
          Failed to invite the user: {errors.root.server.message}
        </p>
      )}
      <div className="stf-form__actions">
        <button type="submit" className="adm-button adm-button--primary" disabled={invite.isPending}>
          {invite.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <MailPlus size={16} aria-hidden />}
          Invite
        </button>
      </div>
    </form>
  );
}
