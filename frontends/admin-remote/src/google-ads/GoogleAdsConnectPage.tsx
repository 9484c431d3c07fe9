import { CircleCheck, Megaphone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../pages/PageHeader';
import { useGoogleAdsAuthStatus } from './ads-query';
import './google-ads.css';

const BENEFITS = [
  'Test each clinic’s campaign against Google before it goes live.',
  'Launch Search campaigns with keywords, ads, sitelinks and a radius around the clinic.',
  'Report booked leads back to Google Ads as conversions.',
];

/**
 * Google Ads connect (admin spec §2.17): why to connect and a way to the auth
 * page; after Google's consent the callback lands here with `?connected=true`.
 */
export function GoogleAdsConnectPage() {
  useDocumentTitle(adminTitle('Connect Google Ads'));
  const [params] = useSearchParams();
  const connected = params.get('connected') === 'true';
  const status = useGoogleAdsAuthStatus();

  return (
    <>
      <PageHeader title="Connect Google Ads" description="One Google account for the agency manages every clinic’s campaigns." />
      <section className="adm-card ads-auth">
        {connected ? (
          <>
            <CircleCheck size={40} aria-hidden className="ads-auth__icon ads-auth__icon--ok" />
            <h2 className="ads-auth__title">Successfully Connected</h2>
            <p>Your Google Ads account has been connected successfully.</p>
            {status.data?.accountEmail && <p className="adm-muted">Connected as {status.data.accountEmail}.</p>}
          </>
        ) : (
          <>
            <Megaphone size={40} aria-hidden className="ads-auth__icon" />
            <h2 className="ads-auth__title">Why connect Google Ads</h2>
            <ul className="ads-auth__steps">
              {BENEFITS.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <p className="adm-muted">
              {status.data?.isAuthenticated ? 'Google Ads is already connected.' : status.data && !status.data.configured ? 'Google Ads is not configured on this platform yet.' : ' '}
            </p>
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
