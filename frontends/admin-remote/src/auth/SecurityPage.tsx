import { MfaDisableSchema, MfaEnableSchema, sessionRoutes, type MfaSetupResult, type MfaStatus } from '@hap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { useToast } from '../toast/toaster';
import { errorAria, FormField } from './FormField';
import { PASSKEYS_KEY, PasskeysCard } from './PasskeysCard';
import { needsRecentSignIn, RecentSignIn, type SignInAgain } from './RecentSignIn';
import './security.css';

export const MFA_STATUS_KEY = ['auth', 'mfa'] as const;

export interface SecurityPageProps {
  /** The tab title of a page here ('Security | Clinic Portal'). */
  titleOf: (page: string) => string;
  /** After two-factor sign-in was turned on or off: the session was re-issued (the auth cache may change). */
  onChanged?: (enabled: boolean) => void;
  /** How "Sign in again" signs out, when adding a way to sign in needs a recent sign-in (the admin's by default). */
  signInAgain?: SignInAgain;
}

/** The first issue's message of a schema's refusal. */
const firstIssue = (error: { issues: Array<{ message: string }> }) => error.issues[0]?.message ?? 'Not valid';

/**
 * Security, the admin's and the portal's: two-factor sign-in
 * with an authenticator app. Set up shows a QR code and the secret as text,
 * a code confirms it, and the ten recovery codes are shown this once (copy or
 * download). Turning it off takes a code or the password.
 */
export function SecurityPage({ titleOf, onChanged, signInAgain }: SecurityPageProps) {
  useDocumentTitle(titleOf('Security'));
  const status = useQuery({ queryKey: MFA_STATUS_KEY, queryFn: ({ signal }) => api.call(sessionRoutes.getMfaStatus, {}, { signal }) });
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => api.call(sessionRoutes.listPasskeys, {}, { signal }) });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) return <LoadingPanel label="Loading your security settings..." />;
  if (status.isError) return <LoadFailed card title="Failed to load your security settings" message={status.error.message} onRetry={() => void status.refetch()} />;
  return (
    <>
      <PageHeader title="Security" description="Two-factor sign-in: a code from an authenticator app on your phone, or a passkey, as well as your password." />
      {status.data.required && !status.data.enabled && !passkeys.data?.passkeys.length && (
        <p className="adm-card sec-note" role="alert">
          Set up two-factor sign-in to continue.
        </p>
      )}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.data.enabled ? (
        <EnabledCard status={status.data} onChanged={onChanged} />
      ) : (
        <SetUpCard
          signInAgain={signInAgain}
          onEnabled={(codes) => {
            setRecoveryCodes(codes);
            onChanged?.(true);
          }}
        />
      )}
      <PasskeysCard signInAgain={signInAgain} onChanged={(count) => onChanged?.(count > 0 || status.data.enabled)} />
    </>
  );
}

function SetUpCard({ onEnabled, signInAgain }: { onEnabled: (codes: string[]) => void; signInAgain?: SignInAgain }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<MfaSetupResult | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const setUp = useMutation({
    mutationFn: () => api.call(sessionRoutes.setUpMfa, {}),
    onSuccess: (result) => setSecret(result),
    onError: (err) => {
      if (!needsRecentSignIn(err)) toast({ title: 'Could not start the set-up', description: err.message, variant: 'destructive' });
    },
  });
  const enable = useMutation({
    mutationFn: (body: { code: string }) => api.call(sessionRoutes.enableMfa, { body }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: MFA_STATUS_KEY });
      toast({ title: 'Two-factor sign-in is on', description: 'Save your recovery codes now: they are shown only once.' });
      onEnabled(result.recoveryCodes);
    },
    onError: (err) => {
      if (!needsRecentSignIn(err)) setError(err.message);
    },
  });
  const stale = [setUp.error, enable.error].find(needsRecentSignIn);

  useEffect(() => {
    if (!secret) return;
    let live = true;
    void toDataURL(secret.otpauthUri, { margin: 1, width: 192 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [secret]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MfaEnableSchema.safeParse({ code });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    enable.mutate(parsed.data);
  };

  return (
    <section className="adm-card sec-card" aria-labelledby="sec-setup-title">
      <h2 id="sec-setup-title" className="sec-card__title">
        <ShieldOff size={18} aria-hidden /> Two-factor sign-in is off
      </h2>
      {stale && <RecentSignIn error={stale} signInAgain={signInAgain} />}
      {!secret ? (
        <>
          <p>With it on, signing in needs a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…) as well as your password.</p>
          <button type="button" className="adm-button adm-button--primary" disabled={setUp.isPending} onClick={() => setUp.mutate()}>
            Set up
          </button>
        </>
      ) : (
        <form className="adm-form sec-setup" noValidate onSubmit={submit}>
          <ol className="sec-steps">
            <li>Scan this QR code with your authenticator app, or type the secret below into it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          {qr ? <img className="sec-qr" src={qr} width={192} height={192} alt="QR code for your authenticator app" /> : <div className="sec-qr" aria-hidden />}
          <p className="sec-secret">
            Secret: <code aria-label="Secret">{secret.secret}</code>
          </p>
          <FormField id="mfa-enable-code" label="Authentication code" error={error}>
            <input
              id="mfa-enable-code"
              className="adm-input sec-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              {...errorAria('mfa-enable-code', error)}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <button type="submit" className="adm-button adm-button--primary" disabled={enable.isPending}>
            Confirm
          </button>
        </form>
      )}
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them yourself.', variant: 'destructive' });
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section className="adm-card sec-card" aria-labelledby="sec-codes-title">
      <h2 id="sec-codes-title" className="sec-card__title">
        <ShieldCheck size={18} aria-hidden /> Recovery codes
      </h2>
      <p>Each code signs you in once when you do not have your phone. Keep them somewhere safe: they are shown only now.</p>
      <ul className="sec-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="sec-actions">
        <button type="button" className="adm-button adm-button--secondary" onClick={() => void copy()}>
          <Copy size={16} aria-hidden /> Copy
        </button>
        <button type="button" className="adm-button adm-button--secondary" onClick={download}>
          <Download size={16} aria-hidden /> Download
        </button>
        <button type="button" className="adm-button adm-button--primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}

function EnabledCard({ status, onChanged }: { status: MfaStatus; onChanged?: (enabled: boolean) => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const disable = useMutation({
    mutationFn: (body: { code?: string; password?: string }) => api.call(sessionRoutes.disableMfa, { body }),
    onSuccess: (result) => {
      queryClient.setQueryData(MFA_STATUS_KEY, result);
      toast({ title: 'Two-factor sign-in is off' });
      onChanged?.(false);
    },
    onError: (err) => setError(err.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MfaDisableSchema.safeParse({ code: code.trim() || undefined, password: password || undefined });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    disable.mutate(parsed.data);
  };
  return (
    <section className="adm-card sec-card" aria-labelledby="sec-on-title">
      <h2 id="sec-on-title" className="sec-card__title">
        <ShieldCheck size={18} aria-hidden /> Two-factor sign-in is on
      </h2>
      <p>
        On since {status.enabledAt ? new Date(status.enabledAt).toLocaleDateString() : 'today'}. {status.recoveryCodesLeft} of 10 recovery codes left.
      </p>
      {status.required ? (
        <p className="sec-muted">It is required for admins and cannot be turned off.</p>
      ) : (
        <form className="adm-form sec-setup" noValidate onSubmit={submit}>
          <p className="sec-muted">To turn it off, enter a code from your app or your password.</p>
          <FormField id="mfa-disable-code" label="Authentication code" error={error}>
            <input
              id="mfa-disable-code"
              className="adm-input sec-code"
              autoComplete="one-time-code"
              value={code}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <FormField id="mfa-disable-password" label="Or your password">
            <input
              id="mfa-disable-password"
              type="password"
              className="adm-input"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <button type="submit" className="adm-button adm-button--danger" disabled={disable.isPending}>
            Turn off
          </button>
        </form>
      )}
    </section>
  );
}
