import { Messages, sessionRoutes, type PortalUser } from '@hap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginScreen } from '../auth/LoginScreen';
import { askForPasskey } from '../auth/ask-for-passkey';
import { REDIRECT_DELAY_MS } from '../auth/LoginPage';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { useToast } from '../toast/toaster';
import { PORTAL_AUTH_KEY, portalTitle } from './portal-auth';

/** The clinic user's login: the admin's rules, throttling and known devices. */
export function PortalLoginPage() {
  useDocumentTitle(portalTitle('Login'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  return (
    <LoginScreen
      title="Clinic Portal"
      subtitle="Sign in to see your leads and results."
      placeholder="you@yourclinic.com"
      logIn={(credentials) => api.call(sessionRoutes.portalLogin, { body: credentials })}
      // The portal login's challenge answers a clinic user (the gateway binds it to the login kind).
      verifyCode={(body) => api.call(sessionRoutes.verifyMfa, { body }).then(({ user }) => ({ user: user as PortalUser }))}
      verifyPasskey={async (challenge) => {
        const credential = await askForPasskey(await api.call(sessionRoutes.mfaPasskeyOptions, { body: { challenge } }));
        const { user } = await api.call(sessionRoutes.verifyMfaPasskey, { body: { challenge, credential } });
        return { user: user as PortalUser };
      }}
      signInWithPasskey={async () => {
        const { ceremony, options } = await api.call(sessionRoutes.portalPasskeyLoginOptions, {});
        return api.call(sessionRoutes.portalPasskeyLogin, { body: { ceremony, credential: await askForPasskey(options) } });
      }}
      onLoggedIn={({ user }: { user: PortalUser }) => {
        queryClient.setQueryData(PORTAL_AUTH_KEY, user);
        toast({ title: Messages.loginSuccessTitle, description: `Welcome to ${user.clientName}'s portal.` });
        redirectTimer.current = window.setTimeout(() => navigate('/portal/leads'), REDIRECT_DELAY_MS);
      }}
      footer={
        <p className="adm-login__footer">
          <Link to="/portal/forgot-password">Forgot your password?</Link>
        </p>
      }
    />
  );
}
