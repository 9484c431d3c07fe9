import { Messages, sessionRoutes, type User } from '@hap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { AUTH_STATUS_KEY } from '../lib/auth';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { useToast } from '../toast/toaster';
import { LoginScreen } from './LoginScreen';
import { askForPasskey } from './ask-for-passkey';

/** docs/admin.md#fixed-figures: the dashboard opens 0.5 s after a successful login, once the toast is seen. */
export const REDIRECT_DELAY_MS = 500;

/** docs/admin.md#validation: the admin's login. */
export function LoginPage() {
  useDocumentTitle(adminTitle('Admin Login'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  return (
    <LoginScreen
      title="Admin Login"
      subtitle="Sign in to manage clients, services and campaigns."
      placeholder="admin@example.com"
      logIn={(credentials) => api.call(sessionRoutes.adminLogin, { body: credentials })}
      // The admin login's challenge answers an admin (the gateway binds it to the login kind).
      verifyCode={(body) => api.call(sessionRoutes.verifyMfa, { body }).then(({ user }) => ({ user: user as User }))}
      verifyPasskey={async (challenge) => {
        const credential = await askForPasskey(await api.call(sessionRoutes.mfaPasskeyOptions, { body: { challenge } }));
        const { user } = await api.call(sessionRoutes.verifyMfaPasskey, { body: { challenge, credential } });
        return { user: user as User };
      }}
      signInWithPasskey={async () => {
        const { ceremony, options } = await api.call(sessionRoutes.adminPasskeyLoginOptions, {});
        return api.call(sessionRoutes.adminPasskeyLogin, { body: { ceremony, credential: await askForPasskey(options) } });
      }}
      onLoggedIn={({ user, mfaSetupRequired }: { user: User; mfaSetupRequired?: boolean }) => {
        // The guard reads the session from this cache entry: no second round to auth-status.
        queryClient.setQueryData(AUTH_STATUS_KEY, { ...user, ...(mfaSetupRequired && { mfaSetupRequired }) });
        toast({ title: Messages.loginSuccessTitle, description: mfaSetupRequired ? Messages.mfaSetupRequired : Messages.loginSuccessText });
        redirectTimer.current = window.setTimeout(() => navigate(mfaSetupRequired ? '/admin/security' : '/admin/clients'), REDIRECT_DELAY_MS);
      }}
    />
  );
}
