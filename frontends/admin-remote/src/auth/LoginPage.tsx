import { ADMIN_LOGIN_IDS, AdminLoginSchema, Messages, REPLAY_CLICK_ATTRIBUTE, sessionRoutes, type AdminLogin } from '@hap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { AUTH_STATUS_KEY } from '../lib/auth';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { useToast } from '../toast/toaster';
import { FormField } from './FormField';

/** admin spec §9: the dashboard opens 0.5 s after a successful login, once the toast is seen. */
const REDIRECT_DELAY_MS = 500;

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

export function LoginPage() {
  useDocumentTitle(adminTitle('Admin Login'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const form = useForm<AdminLogin>({
    resolver: zodResolver(AdminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: (credentials: AdminLogin) => api.call(sessionRoutes.adminLogin, { body: credentials }),
    onSuccess: ({ user }) => {
      // The guard reads the session from this cache entry: no second round to auth-status.
      queryClient.setQueryData(AUTH_STATUS_KEY, user);
      toast({ title: Messages.loginSuccessTitle, description: Messages.loginSuccessText });
      redirectTimer.current = window.setTimeout(() => navigate('/admin/clients'), REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: error.message || 'Login failed', variant: 'destructive' });
    },
  });

  const submit = form.handleSubmit((values) => login.mutate(values));

  /*
   * The page painted a working login form and loaded the admin when the
   * visitor started using it (issue 8 §6): this screen takes over what was
   * typed there, the focus, and a press of Login held meanwhile (contracts
   * page-boot.ts). The frame is found while this screen renders, before it
   * replaces the frame; its fields are read once it has (they keep their
   * values off the page), so no key pressed in between is lost.
   */
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

  const { errors } = form.formState;
  const busy = login.isPending || login.isSuccess;

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
          <Lock size={20} />
        </div>
        <h1 id="admin-login-title" className="adm-login__title">
          Admin Login
        </h1>
        <p className="adm-login__subtitle">Sign in to manage clients, services and campaigns.</p>
        <form className="adm-form" noValidate onSubmit={submit}>
          <FormField id={ADMIN_LOGIN_IDS.email} label="Email" error={errors.email?.message}>
            <input
              id={ADMIN_LOGIN_IDS.email}
              type="email"
              autoComplete="username"
              placeholder="admin@example.com"
              className="adm-input"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'admin-email-error' : undefined}
              {...form.register('email')}
            />
          </FormField>
          <FormField id={ADMIN_LOGIN_IDS.password} label="Password" error={errors.password?.message}>
            <input
              id={ADMIN_LOGIN_IDS.password}
              type="password"
              autoComplete="current-password"
              className="adm-input"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'admin-password-error' : undefined}
              {...form.register('password')}
            />
          </FormField>
          <button type="submit" className="adm-button adm-button--primary adm-button--block" disabled={busy}>
            {login.isPending && <LoaderCircle className="adm-spin" size={16} aria-hidden />}
            {login.isPending ? 'Logging in...' : 'Login'}
          </button>
        </form>
      </section>
    </main>
  );
}
