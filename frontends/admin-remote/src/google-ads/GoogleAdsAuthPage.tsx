import { GOOGLE_ADS_AUTH_ERROR_TEXT, GOOGLE_ADS_AUTH_ERRORS, type GoogleAdsAuthError } from '@hap/contracts';
import { CircleAlert, CircleCheck, LoaderCircle, Megaphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { useToast } from '../toast/toaster';
import { GOOGLE_ADS_AUTH_ENDPOINT, useGoogleAdsAuthStatus } from './ads-query';
import { DisconnectGoogleAds } from './DisconnectGoogleAds';
import './google-ads.css';

const STEPS = [
  'You sign in with the Google account that manages the agency’s Google Ads accounts.',
  'Google asks you to allow this platform to manage your Google Ads campaigns.',
  'The access is stored encrypted; campaigns can then be tested and launched for your clients.',
];

type AuthState = 'unauthenticated' | 'authenticating' | 'authenticated' | 'error';

/**
 * Google Ads Authentication (docs/campaigns.md#google-ads-connection, docs/admin.md#states): the status is checked on
 * load; Connect sends the whole browser to Google's consent; the callback
 * comes back here with `?error=` when it did not connect.
 */
export function GoogleAdsAuthPage() {
  useDocumentTitle(adminTitle('Google Ads Authentication'));
  const [params] = useSearchParams();
  const errorParam = params.get('error');
  const error = (GOOGLE_ADS_AUTH_ERRORS as readonly string[]).includes(errorParam ?? '') ? (errorParam as GoogleAdsAuthError) : errorParam ? 'exchange' : null;
  const status = useGoogleAdsAuthStatus();
  const toast = useToast();
  const [connecting, setConnecting] = useState(false);
  const told = useRef(false);

  useEffect(() => {
    if (told.current || error) return;
    if (status.isError) {
      told.current = true;
      toast({ title: 'Authentication Check Failed', description: 'Unable to verify Google Ads connection status.', variant: 'destructive' });
    } else if (status.data?.isAuthenticated) {
      told.current = true;
      toast({ title: 'Already Connected', description: status.data.accountEmail ? `Connected as ${status.data.accountEmail}.` : 'Your Google Ads account is connected.' });
    }
  }, [status.isError, status.data, error, toast]);

  const state: AuthState = connecting ? 'authenticating' : error || status.isError ? 'error' : status.data?.isAuthenticated ? 'authenticated' : 'unauthenticated';
  const configured = status.data?.configured ?? false;
  const connect = () => {
    setConnecting(true);
    window.location.assign(GOOGLE_ADS_AUTH_ENDPOINT);
  };

  return (
    <>
      <PageHeader title="Google Ads Authentication" description="Connect the agency’s Google Ads account to test and launch campaigns." />
      <section className="adm-card ads-auth" aria-live="polite">
        {status.isPending && !error ? (
          <p className="ads-auth__line">
            <LoaderCircle size={18} aria-hidden className="adm-spin" /> Checking the connection…
          </p>
        ) : state === 'authenticated' ? (
          <>
            <CircleCheck size={40} aria-hidden className="ads-auth__icon ads-auth__icon--ok" />
            <h2 className="ads-auth__title">Connected Successfully</h2>
            <p className="adm-muted">
              {status.data?.accountEmail ? `Google Ads is connected as ${status.data.accountEmail}.` : 'Google Ads is connected.'}
              {status.data?.connectedAt && ` Since ${new Date(status.data.connectedAt).toLocaleString()}.`}
            </p>
            <Link className="adm-button adm-button--primary" to="/admin/services">
              Return to Services
            </Link>
            <DisconnectGoogleAds accountEmail={status.data?.accountEmail ?? null} />
          </>
        ) : state === 'error' ? (
          <>
            <CircleAlert size={40} aria-hidden className="ads-auth__icon ads-auth__icon--bad" />
            <h2 className="ads-auth__title">Connection Failed</h2>
            <p>There was an error connecting to Google Ads. Please try again.</p>
            {error && <p className="adm-muted">{GOOGLE_ADS_AUTH_ERROR_TEXT[error]}</p>}
            <button type="button" className="adm-button adm-button--primary" onClick={connect} disabled={error === 'not_configured' || (!configured && !status.isError)}>
              Try Again
            </button>
          </>
        ) : (
          <>
            <Megaphone size={40} aria-hidden className="ads-auth__icon" />
            <h2 className="ads-auth__title">Connect your Google Ads account</h2>
            <ol className="ads-auth__steps">
              {STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {!configured && <p className="adm-muted">{GOOGLE_ADS_AUTH_ERROR_TEXT.not_configured}</p>}
            <button type="button" className="adm-button adm-button--primary" onClick={connect} disabled={!configured || state === 'authenticating'}>
              {state === 'authenticating' ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : null}
              Connect Google Ads Account
            </button>
          </>
        )}
      </section>
    </>
  );
}
