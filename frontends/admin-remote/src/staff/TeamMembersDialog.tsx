import { assetUrl, initialsOf, StaffMemberCreateSchema, type Client, type StaffMember, type StaffMemberCreate, type StaffMemberCreateInput } from '@hap/contracts';
import { ClientPanelDialog } from '../pages/ClientPanelDialog';
import { IconAction } from '../pages/IconAction';
import { InlineConfirm } from '../pages/InlineConfirm';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField, InputField } from '../auth/FormField';
import { ImageField } from '../images/ImageField';
import { useToast } from '../toast/toaster';
import { MemberList } from './MemberList';
import { staffKey, useStaff, useTeamWrites } from './staff-query';
import './staff.css';

/**
 * docs/admin.md#staff: a clinic's team members listed in display order, with a
 * form in add mode or edit mode (name, title, bio, photo, display order) and
 * delete. The team shows on the clinic's home page ('Meet Our Team').
 */
export function TeamMembersDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  return (
    <ClientPanelDialog client={client} title="Team Members" onClose={onClose}>
      {(c) => <Team key={c.id} client={c} />}
    </ClientPanelDialog>
  );
}

/** The team list and its form (also the portal's Profile, under TeamScopeContext 'portal'). */
export function Team({ client }: { client: Pick<Client, 'id'> }) {
  const staff = useStaff(client.id);
  // The form edits this member, or adds one when null.
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const nextOrder = staff.data?.length ? Math.max(...staff.data.map((m) => m.displayOrder)) + 1 : 0;

  return (
    <div className="adm-dialog__body stf-layout">
      <MemberList id="stf-list-title" title="Current team" query={staff} loading="Loading team members..." failed="Error loading staff members" empty="No team members yet. Add the first one with the form.">
        {(members) =>
          members.map((member) => (
            <MemberRow key={member.id} member={member} clientId={client.id} active={editing?.id === member.id} onEdit={() => setEditing(member)} onDeleted={() => editing?.id === member.id && setEditing(null)} />
          ))
        }
      </MemberList>
      <MemberForm key={editing?.id ?? 'new'} clientId={client.id} member={editing} nextOrder={nextOrder} onDone={() => setEditing(null)} />
    </div>
  );
}

function MemberRow({ member, clientId, active, onEdit, onDeleted }: { member: StaffMember; clientId: number; active: boolean; onEdit: () => void; onDeleted: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const writes = useTeamWrites();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => writes.remove(member.id),
    onSuccess: () => {
      toast({ title: 'Team member removed', description: `${member.name} is no longer on the team.` });
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: staffKey(clientId) });
    },
    onError: (error) => toast({ title: 'Failed to remove team member', description: error.message, variant: 'destructive' }),
  });
  const photo = assetUrl(member.imagePath);

  return (
    <li className={active ? 'stf-member stf-member--active' : 'stf-member'}>
      {photo ? (
        <img className="stf-avatar" src={photo} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className="stf-avatar stf-avatar--initials" aria-hidden>
          {initialsOf(member.name)}
        </span>
      )}
      <div className="stf-member__text">
        <span className="stf-member__name">{member.name}</span>
        {member.title && <span className="stf-member__title">{member.title}</span>}
        <span className="stf-member__order">Order {member.displayOrder}</span>
      </div>
      {confirming ? (
        <InlineConfirm
          label={`Delete ${member.name}?`}
          text={`Delete ${member.name}? This cannot be undone.`}
          confirm="Delete"
          pending={remove.isPending}
          onKeep={() => setConfirming(false)}
          onConfirm={() => remove.mutate()}
        />
      ) : (
        <div className="stf-member__actions">
          <IconAction label={`Edit ${member.name}`} tip="Edit" icon={<Pencil size={16} aria-hidden />} onClick={onEdit} />
          <IconAction label={`Delete ${member.name}`} tip="Delete" danger icon={<Trash2 size={16} aria-hidden />} onClick={() => setConfirming(true)} />
        </div>
      )}
    </li>
  );
}

type FormValues = StaffMemberCreateInput;

function MemberForm({ clientId, member, nextOrder, onDone }: { clientId: number; member: StaffMember | null; nextOrder: number; onDone: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const writes = useTeamWrites();
  const nameInput = useRef<HTMLInputElement | null>(null);
  const form = useForm<FormValues, unknown, StaffMemberCreate>({
    resolver: zodResolver(StaffMemberCreateSchema),
    defaultValues: {
      clientId,
      name: member?.name ?? '',
      title: member?.title ?? '',
      bio: member?.bio ?? '',
      imagePath: member?.imagePath ?? null,
      displayOrder: member?.displayOrder ?? nextOrder,
    },
  });
  // Edit mode starts in the form (the keyboard user who pressed Edit lands on the name).
  useEffect(() => {
    if (member) nameInput.current?.focus();
  }, [member]);

  const save = useMutation({
    mutationFn: (values: StaffMemberCreate) => writes.save(member, { ...values, clientId }),
    onSuccess: (saved) => {
      toast({ title: member ? 'Team member updated' : 'Team member added', description: `${saved.name} has been saved.` });
      void queryClient.invalidateQueries({ queryKey: staffKey(clientId) });
      form.reset({ clientId, name: '', title: '', bio: '', imagePath: null, displayOrder: saved.displayOrder + 1 });
      onDone();
    },
    onError: (error) => toast({ title: 'Failed to save team member', description: error.message, variant: 'destructive' }),
  });

  const { errors } = form.formState;
  const { ref: nameRef, ...nameField } = form.register('name');
  const imagePath = useWatch({ control: form.control, name: 'imagePath' }) ?? null;
  return (
    <form className="stf-form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} aria-labelledby="stf-form-title">
      <h3 id="stf-form-title" className="stf-heading">
        {member ? `Edit ${member.name}` : 'Add Team Member'}
      </h3>
      <InputField
        id="stf-name"
        label="Name"
        error={errors.name}
        placeholder="e.g. Dr. Maya Chen"
        ref={(el) => {
          nameRef(el);
          nameInput.current = el;
        }}
        {...nameField}
      />
      <FormField id="stf-title" label="Title" error={errors.title?.message}>
        <input id="stf-title" className="adm-input" placeholder="e.g. Medical Director" {...form.register('title')} />
      </FormField>
      <FormField id="stf-bio" label="Bio" error={errors.bio?.message}>
        <textarea id="stf-bio" className="adm-input adm-textarea" rows={4} placeholder="A few sentences patients will read on the home page." {...form.register('bio')} />
      </FormField>
      <ImageField label="Photo" folder="staff" value={imagePath} onChange={(path) => form.setValue('imagePath', path, { shouldDirty: true })} />
      <InputField
        id="stf-order"
        label="Display Order"
        error={errors.displayOrder}
        hint="stf-order-hint"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        className="adm-input stf-order"
        {...form.register('displayOrder', { setValueAs: (v: string) => (v === '' ? null : Number(v)) })}
      />
      <p id="stf-order-hint" className="stf-hint">
        Lower numbers show first on the home page.
      </p>
      <div className="stf-form__actions">
        {member && (
          <button type="button" className="adm-button adm-button--secondary" onClick={onDone}>
            Cancel Edit
          </button>
        )}
        <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending}>
          {save.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : member ? null : <Plus size={16} aria-hidden />}
          {member ? 'Save Changes' : 'Add Member'}
        </button>
      </div>
    </form>
  );
}
