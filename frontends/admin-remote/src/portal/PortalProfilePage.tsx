import { routes, PortalProfileUpdateSchema, type PortalProfile } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Lock, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorAria, FormField } from '../auth/FormField';
import { ImageField } from '../images/ImageField';
import { UploadRouteContext } from '../images/upload-image';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { Team } from '../staff/TeamMembersDialog';
import { TeamScopeContext } from '../staff/staff-query';
import '../staff/staff.css';
import { useToast } from '../toast/toaster';
import { NotificationsCard } from './NotificationsCard';
import { canUse, PORTAL_AUTH_KEY, portalTitle, usePortalUser } from './portal-auth';

const PROFILE_KEY = ['portal', 'profile'] as const;

type Fields = { name: string; phone: string; email: string; address: string; logoPath: string | null; officeImagePath: string | null };
const fieldsOf = (p: PortalProfile): Fields => ({
  name: p.name,
  phone: p.phone ?? '',
  email: p.email ?? '',
  address: p.address ?? '',
  logoPath: p.logoPath,
  officeImagePath: p.officeImagePath,
});

/**
 * Profile: the clinic's contact details, logo, office picture
 * and team as its pages show them, changed by its owner within the limits
 * the agency sets (never the domain, tracking, ads or CRM settings).
 */
export function PortalProfilePage() {
  useDocumentTitle(portalTitle('Profile'));
  const me = usePortalUser().data;
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => api.call(routes.getPortalProfile, {}, { signal }) });
  if (profile.isPending) return <LoadingPanel label="Loading your profile..." />;
  if (profile.isError) return <LoadFailed card title="Failed to load your profile" message={profile.error.message} onRetry={() => void profile.refetch()} />;
  const canEdit = profile.data.editable && canUse(me, routes.updatePortalProfile);
  return (
    <>
      <PageHeader title="Profile" description="How your clinic appears on its pages: contact details, logo, office picture and team." />
      {!profile.data.editable ? (
        <p className="adm-card prt-note" role="status">
          <Lock size={16} aria-hidden /> Your agency manages this profile; ask them for changes.
        </p>
      ) : (
        !canUse(me, routes.updatePortalProfile) && (
          <p className="adm-card prt-note" role="status">
            <Lock size={16} aria-hidden /> Only your clinic’s owner can change the profile.
          </p>
        )
      )}
      <ProfileForm key={profile.data.id} profile={profile.data} canEdit={canEdit} />
      <section className="adm-card prt-section" aria-labelledby="prt-team-title">
        <h2 id="prt-team-title" className="prt-section__title">
          Team
        </h2>
        <p className="adm-muted">The people shown under “Meet Our Team” on your home page.</p>
        <TeamScopeContext.Provider value="portal">
          <UploadRouteContext.Provider value={routes.uploadPortalImage}>
            {canEdit ? <Team client={{ id: profile.data.id }} /> : <ReadOnlyTeam />}
          </UploadRouteContext.Provider>
        </TeamScopeContext.Provider>
      </section>
      {/* An admin's read-only view has no notifications of its own. */}
      {!me?.viewAs && <NotificationsCard />}
    </>
  );
}

function ProfileForm({ profile, canEdit }: { profile: PortalProfile; canEdit: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Fields>(() => fieldsOf(profile));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.call(routes.updatePortalProfile, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(PROFILE_KEY, saved);
      // The clinic's name is in the sidebar too.
      void queryClient.invalidateQueries({ queryKey: PORTAL_AUTH_KEY });
      toast({ title: 'Profile saved', description: 'Your pages show the new details.' });
    },
    onError: (error) => toast({ title: 'Profile not saved', description: error.message, variant: 'destructive' }),
  });
  const set = (field: keyof Fields) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent, checked by the API's own schema first.
    const initial = fieldsOf(profile);
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => initial[k as keyof Fields] !== v));
    if (Object.keys(changed).length === 0) {
      toast({ title: 'Nothing to save', description: 'Change a field first.' });
      return;
    }
    const parsed = PortalProfileUpdateSchema.safeParse(changed);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'name') as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(changed);
  };

  const text = (field: 'name' | 'phone' | 'email' | 'address', label: string, type = 'text', required = false) => (
    <FormField id={`prt-${field}`} label={label} error={errors[field]} required={required}>
      <input
        id={`prt-${field}`}
        className="adm-input"
        type={type}
        value={values[field]}
        onChange={set(field)}
        readOnly={!canEdit}
        aria-required={required || undefined}
        {...errorAria(`prt-${field}`, errors[field])}
      />
    </FormField>
  );

  return (
    <form className="adm-card prt-section prt-profile" onSubmit={submit} noValidate aria-labelledby="prt-contact-title">
      <h2 id="prt-contact-title" className="prt-section__title">
        Contact details
      </h2>
      <div className="prt-profile__grid">
        {text('name', 'Clinic name', 'text', true)}
        {text('phone', 'Phone', 'tel', true)}
        {text('email', 'Email', 'email')}
        {text('address', 'Address', 'text', true)}
      </div>
      <UploadRouteContext.Provider value={routes.uploadPortalImage}>
        <div className="prt-profile__grid">
          {canEdit ? (
            <>
              <ImageField label="Logo" value={values.logoPath} onChange={(logoPath) => setValues((v) => ({ ...v, logoPath }))} folder="logos" />
              <ImageField label="Office picture" value={values.officeImagePath} onChange={(officeImagePath) => setValues((v) => ({ ...v, officeImagePath }))} folder="offices" />
            </>
          ) : (
            <>
              <ReadOnlyImage label="Logo" src={profile.logoUrl} />
              <ReadOnlyImage label="Office picture" src={profile.officeImageUrl} />
            </>
          )}
        </div>
      </UploadRouteContext.Provider>
      <p className="prt-website">
        <span className="adm-label">Website</span>{' '}
        {profile.domain ? (
          <a href={profile.domain.url} target="_blank" rel="noopener noreferrer">
            {profile.domain.host} <ExternalLink size={14} aria-hidden />
          </a>
        ) : (
          <span className="adm-muted">Not set up yet: your agency connects your domain.</span>
        )}
      </p>
      {canEdit && (
        <div className="prt-profile__actions">
          <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending}>
            <Save size={16} aria-hidden /> {save.isPending ? 'Saving...' : 'Save profile'}
          </button>
        </div>
      )}
    </form>
  );
}

function ReadOnlyImage({ label, src }: { label: string; src: string | null }) {
  return (
    <figure className="prt-image">
      <figcaption className="adm-label">{label}</figcaption>
      {src ? <img src={src} alt={label} className="prt-image__img" /> : <span className="adm-muted">None yet</span>}
    </figure>
  );
}

function ReadOnlyTeam() {
  const team = useQuery({ queryKey: ['portal', 'team'], queryFn: ({ signal }) => api.call(routes.listPortalTeam, {}, { signal }) });
  if (team.isPending) return <LoadingPanel label="Loading the team..." />;
  if (team.isError) return <LoadFailed heading="h3" title="Failed to load the team" message={team.error.message} onRetry={() => void team.refetch()} />;
  if (team.data.length === 0) return <p className="adm-muted">No team members yet.</p>;
  return (
    <ul className="prt-team">
      {team.data.map((member) => (
        <li key={member.id}>
          <strong>{member.name}</strong> {member.title && <span className="adm-muted">· {member.title}</span>}
        </li>
      ))}
    </ul>
  );
}
