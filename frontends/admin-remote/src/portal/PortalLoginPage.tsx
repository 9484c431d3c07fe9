import { Messages, sessionRoutes, type PortalUser } from '@hap/contracts';
import { Link } from 'react-router';
import { LoginScreen } from '../auth/LoginScreen';
import { askForPasskey } from '../auth/ask-for-passkey';
import { useLoginSteps } from '../auth/LoginPage';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { PORTAL_AUTH_KEY, portalTitle } from './portal-auth';

/** The clinic user's login: the admin's rules, throttling and known devices. */
export function PortalLoginPage() {
  useDocumentTitle(portalTitle('Login'));
  const { queryClient, toast, redirect, verifyCode, verifyPasskey } = useLoginSteps<PortalUser>();

  return (
    <LoginScreen
      title="Clinic Portal"
      subtitle="Sign in to see your leads and results."
      placeholder="you@yourclinic.com"
      logIn={(credentials) => api.call(sessionRoutes.portalLogin, { body: credentials })}
      verifyCode={verifyCode}
      verifyPasskey={verifyPasskey}
      signInWithPasskey={async () => {
        const { ceremony, options } = await api.call(sessionRoutes.portalPasskeyLoginOptions, {});
        return api.call(sessionRoutes.portalPasskeyLogin, { body: { ceremony, credential: await askForPasskey(options) } });
      }}
      onLoggedIn={({ user }: { user: PortalUser }) => {
        queryClient.setQueryData(PORTAL_AUTH_KEY, user);
        toast({ title: Messages.loginSuccessTitle, description: `Welcome to ${user.clientName}'s portal.` });
        redirect('/portal/leads');
      }}
      footer={
        <p className="adm-login__footer">
          <Link to="/portal/forgot-password">Forgot your password?</Link>
        </p>
      }
    />
  );
}
