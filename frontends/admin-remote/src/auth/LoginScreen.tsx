import { ADMIN_LOGIN_IDS, AdminLoginSchema, REPLAY_CLICK_ATTRIBUTE, type AdminLogin, type MfaChallenge, type MfaVerify } from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Fingerprint, KeyRound, LoaderCircle, Lock } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useToast } from '../toast/toaster';
import { InputField } from './FormField';
import { passkeyErrorText } from './passkey-errors';
import type { CodeStep as CodeStepOf, PasskeyStep as PasskeyStepOf } from './SecondStep';

/*
 * The second step (a code, a passkey) is a chunk of its own, loaded when a login asks for it:
 * the login page, which loads the admin once the visitor acts, does not carry it (frontends/admin-remote/README.md, the login budget;
 * bench:pages measures the page).
 */
// `lazy` drops the steps' type parameter (the login's result): given back here.
const CodeStep = lazy(() => import('./SecondStep').then((m) => ({ default: m.CodeStep }))) as unknown as typeof CodeStepOf;
const PasskeyStep = lazy(() => import('./SecondStep').then((m) => ({ default: m.PasskeyStep }))) as unknown as typeof PasskeyStepOf;

/** The login form the server painted before this screen (public shell AdminFrame), while it is still on the page. */
interface FrameForm {
  email: HTMLInputElement;
  password: HTMLInputElement;
  button: HTMLButtonElement | null;
  focused: keyof AdminLogin | null;
}

function frameForm(): FrameForm | null {
  const form = document.getElementById(ADMIN_LOGIN_IDS.frameForm);
  const email = form?.querySelector<HTMLInputElement>(`#${ADMIN_LOGIN_IDS.email}`);
  const password = form?.querySelector<HTMLInputElement>(`#${ADMIN_LOGIN_IDS.password}`);
  if (!form || !email || !password) return null;
  const active = document.activeElement;
  return { email, password, button: form.querySelector('button'), focused: active === email ? 'email' : active === password ? 'password' : null };
}

export interface LoginScreenProps<T> {
  title: string;
  subtitle: string;
  placeholder: string;
  /** Sends the credentials; resolves once the session is started, or with a challenge when two-factor sign-in is on. */
  logIn: (credentials: AdminLogin) => Promise<T | MfaChallenge>;
  /** The second step: the challenge and a code; resolves once the session is started. */
  verifyCode: (input: MfaVerify) => Promise<T>;
  /** The second step with a passkey instead: the challenge; resolves once the session is started. */
  verifyPasskey: (challenge: string) => Promise<T>;
  /** A sign-in with a passkey alone (no e-mail, no password); resolves once the session is started. */
  signInWithPasskey: () => Promise<T>;
  /** After a successful login: the cache and where to go. */
  onLoggedIn: (result: T) => void;
  /** Below the form: a link to reset a forgotten password, for instance. */
  footer?: ReactNode;
}

/**
 * A login card (the admin's, the clinic portal's): e-mail and password
 * checked by the shared schema, the server's refusal in a toast.
 *
 * The page painted a working login form and loaded this app when the
 * visitor started using it: this screen takes over what was
 * typed there, the focus, and a press of Login held meanwhile (contracts
 * page-boot.ts). The frame is found while this screen renders, before it
 * replaces the frame; its fields are read once it has (they keep their
 * values off the page), so no key pressed in between is lost.
 */
export function LoginScreen<T extends object>({
  title,
  subtitle,
  placeholder,
  logIn,
  verifyCode,
  verifyPasskey,
  signInWithPasskey,
  onLoggedIn,
  footer,
}: LoginScreenProps<T>) {
  const toast = useToast();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const form = useForm<AdminLogin>({
    resolver: zodResolver(AdminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: logIn,
    onSuccess: (result) => {
      if ('mfaRequired' in result) setChallenge(result);
      else onLoggedIn(result);
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: error.message || 'Login failed', variant: 'destructive' });
    },
  });

  const submit = form.handleSubmit((values) => login.mutate(values));

  const [frame] = useState(frameForm);
  const tookOver = useRef(false);
  useLayoutEffect(() => {
    if (!frame || tookOver.current) return;
    tookOver.current = true;
    form.setValue('email', frame.email.value);
    form.setValue('password', frame.password.value);
    if (frame.focused) form.setFocus(frame.focused);
    if (frame.button?.hasAttribute(REPLAY_CLICK_ATTRIBUTE)) void submit();
  }, [frame, form, submit]);

  const passkeyLogin = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: onLoggedIn,
    onError: (error) => toast({ title: 'Login failed', description: passkeyErrorText(error), variant: 'destructive' }),
  });

  const { errors } = form.formState;
  const busy = login.isPending || login.isSuccess || passkeyLogin.isPending || passkeyLogin.isSuccess;

  const restart = () => {
    setChallenge(null);
    login.reset();
  };
  if (challenge) {
    const withCode = challenge.methods.includes('totp');
    const withPasskey = challenge.methods.includes('passkey');
    return (
      <AuthCard
        title={title}
        subtitle={withCode ? (withPasskey ? 'Enter the code from your authenticator app, or use a passkey.' : 'Enter the code from your authenticator app.') : 'Use your passkey to finish signing in.'}
        icon={<KeyRound size={20} />}
      >
        <Suspense
          fallback={
            <p className="adm-login__loading" role="status">
              <LoaderCircle className="adm-spin" size={16} aria-hidden /> Loading...
            </p>
          }
        >
          {withCode && <CodeStep challenge={challenge.challenge} verifyCode={verifyCode} onLoggedIn={onLoggedIn} onRestart={restart} />}
          {withPasskey && <PasskeyStep challenge={challenge.challenge} verifyPasskey={verifyPasskey} onLoggedIn={onLoggedIn} onRestart={restart} />}
        </Suspense>
        {footer}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={subtitle} icon={<Lock size={20} />}>
      <form className="adm-form" noValidate onSubmit={submit}>
        <InputField
          id={ADMIN_LOGIN_IDS.email}
          label="Email"
          error={errors.email}
          type="email"
          autoComplete="username"
          placeholder={placeholder}
          {...form.register('email')}
        />
        <InputField
          id={ADMIN_LOGIN_IDS.password}
          label="Password"
          error={errors.password}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
        <button type="submit" className="adm-button adm-button--primary adm-button--block" disabled={busy}>
          {login.isPending && <LoaderCircle className="adm-spin" size={16} aria-hidden />}
          {login.isPending ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="adm-login__or">or</p>
      <button type="button" className="adm-button adm-button--secondary adm-button--block" disabled={busy} onClick={() => passkeyLogin.mutate()}>
        {passkeyLogin.isPending ? <LoaderCircle className="adm-spin" size={16} aria-hidden /> : <Fingerprint size={16} aria-hidden />}
        {passkeyLogin.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </button>
      {footer}
    </AuthCard>
  );
}

/** The centred card of the sign-in pages (login, accepting an invitation, a new password), under the platform's name. */
export function AuthCard({ title, subtitle, icon, children }: { title: string; subtitle: string; icon: ReactNode; children: ReactNode }) {
  return (
    <main className="adm-login">
      <div className="adm-login__brand">
        <span className="adm-logo-mark" aria-hidden>
          HA
        </span>
        <span>Health Ads Platform</span>
      </div>
      <section className="adm-card adm-login__card" aria-labelledby="admin-login-title">
        <div className="adm-login__icon" aria-hidden>
          {icon}
        </div>
        <h1 id="admin-login-title" className="adm-login__title">
          {title}
        </h1>
        <p className="adm-login__subtitle">{subtitle}</p>
        {children}
      </section>
    </main>
  );
}
