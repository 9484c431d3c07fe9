import { CircleAlert, CircleCheck, LoaderCircle, Megaphone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { useGoogleAdsAuthStatus } from './ads-query';
import { DisconnectGoogleAds } from './DisconnectGoogleAds';
import './google-ads.css';

const BENEFITS = [
  'Test each clinic’s campaign against Google before it goes live.',
  'Launch Search campaigns with keywords, ads, sitelinks and a radius around the clinic.',
  'Report booked leads back to Google Ads as conversions.',
];

/**
 * Google Ads connect (docs/campaigns.md#google-ads-connection): why to connect and a way to the auth
 * page; after Google's consent the callback lands here with `?connected=true`.
 * What it says comes from the connection as it is (auth-status), never from
 * the address alone: connected, with the account and a Disconnect, or not connected, with the way to connect.
 */
export function GoogleAdsConnectPage() {
  useDocumentTitle(adminTitle('Connect Google Ads'));
  const [params] = useSearchParams();
  const justConnected = params.get('connected') === 'true';
  const status = useGoogleAdsAuthStatus();
  const connection = status.data;

  return (
    <>
      <PageHeader title="Connect Google Ads" description="One Google account for the agency manages every clinic’s campaigns." />
      <section className="adm-card ads-auth" aria-live="polite">
        {status.isPending ? (
          <p className="ads-auth__line">
            <LoaderCircle size={18} aria-hidden className="adm-spin" /> Checking the connection…
          </p>
        ) : status.isError ? (
          <>
            <CircleAlert size={40} aria-hidden className="ads-auth__icon ads-auth__icon--bad" />
            <h2 className="ads-auth__title">Connection status unknown</h2>
            <p role="alert">Unable to verify the Google Ads connection: {status.error.message}</p>
            <button type="button" className="adm-button adm-button--primary" onClick={() => void status.refetch()}>
              Try Again
            </button>
          </>
        ) : connection?.isAuthenticated ? (
          <>
            <CircleCheck size={40} aria-hidden className="ads-auth__icon ads-auth__icon--ok" />
            <h2 className="ads-auth__title">{justConnected ? 'Successfully Connected' : 'Google Ads is connected'}</h2>
            {justConnected && <p>Your Google Ads account has been connected successfully.</p>}
            <p className="adm-muted">
              {connection.accountEmail ? `Connected as ${connection.accountEmail}.` : 'The agency’s Google account is connected.'}
              {connection.connectedAt && ` Since ${new Date(connection.connectedAt).toLocaleString()}.`}
            </p>
            <DisconnectGoogleAds accountEmail={connection.accountEmail} />
          </>
        ) : (
          <>
            <Megaphone size={40} aria-hidden className="ads-auth__icon" />
            <h2 className="ads-auth__title">{justConnected ? 'Google Ads is not connected' : 'Why connect Google Ads'}</h2>
            {justConnected && <p role="alert">The connection is not in place (it was disconnected, or did not complete). Connect again below.</p>}
            <ul className="ads-auth__steps">
              {BENEFITS.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <p className="adm-muted">{connection && !connection.configured ? 'Google Ads is not configured on this platform yet.' : 'Google Ads is not connected.'}</p>
            <Link className="adm-button adm-button--primary" to="/admin/google-ads-auth">
              Connect Google Ads
            </Link>
          </>
        )}
        <Link className="adm-button adm-button--secondary" to="/admin/services">
          Return to Services
        </Link>
      </section>
    </>
  );
}
