import { Messages, sessionRoutes, type MfaVerify, type User } from '@hap/contracts';
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

/**
 * What the admin's and the portal's logins share (docs/portal.md: the admin's rules): the second step
 * with a code or a passkey, whose challenge answers the user of the login that asked for it (the
 * gateway binds it to the login kind), and the redirect once the success toast is seen.
 */
export function useLoginSteps<U>() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  return {
    queryClient,
    toast,
    redirect: (to: string) => {
      redirectTimer.current = window.setTimeout(() => navigate(to), REDIRECT_DELAY_MS);
    },
    verifyCode: (body: MfaVerify) =>
      api.call(sessionRoutes.verifyMfa, { body }).then(({ user }) => ({ user: user as U })),
    verifyPasskey: async (challenge: string) => {
      const credential = await askForPasskey(await api.call(sessionRoutes.mfaPasskeyOptions, { body: { challenge } }));
      const { user } = await api.call(sessionRoutes.verifyMfaPasskey, { body: { challenge, credential } });
      return { user: user as U };
    },
  };
}

/** docs/admin.md#validation: the admin's login. */
export function LoginPage() {
  useDocumentTitle(adminTitle('Admin Login'));
  const { queryClient, toast, redirect, verifyCode, verifyPasskey } = useLoginSteps<User>();

  return (
    <LoginScreen
      title="Admin Login"
      subtitle="Sign in to manage clients, services and campaigns."
      placeholder="admin@example.com"
      logIn={(credentials) => api.call(sessionRoutes.adminLogin, { body: credentials })}
      verifyCode={verifyCode}
      verifyPasskey={verifyPasskey}
      signInWithPasskey={async () => {
        const { ceremony, options } = await api.call(sessionRoutes.adminPasskeyLoginOptions, {});
        return api.call(sessionRoutes.adminPasskeyLogin, { body: { ceremony, credential: await askForPasskey(options) } });
      }}
      onLoggedIn={({ user, mfaSetupRequired }: { user: User; mfaSetupRequired?: boolean }) => {
        // The guard reads the session from this cache entry: no second round to auth-status.
        queryClient.setQueryData(AUTH_STATUS_KEY, { ...user, ...(mfaSetupRequired && { mfaSetupRequired }) });
        toast({ title: Messages.loginSuccessTitle, description: mfaSetupRequired ? Messages.mfaSetupRequired : Messages.loginSuccessText });
        redirect(mfaSetupRequired ? '/admin/security' : '/admin/clients');
      }}
    />
  );
}
