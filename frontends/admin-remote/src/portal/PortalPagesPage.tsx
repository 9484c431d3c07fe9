import { clientHomepageUrl, routes, type PortalServicePage } from '@hap/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Eye, ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import '../leads/leads.css';
import { portalTitle, usePortalUser } from './portal-auth';
import { ModalDialog } from '../pages/ModalDialog';

/** A page of this platform shown in a frame (same origin: the clinic's domain may not be live yet). */
interface Preview {
  title: string;
  path: string;
}

/**
 * Pages: the clinic's home page, each active service's page
 * with its three styles, and the thank-you page; each opens in a new tab or
 * previews here at phone size. Previews are not counted as visits.
 */
export function PortalPagesPage() {
  useDocumentTitle(portalTitle('Pages'));
  const me = usePortalUser().data;
  const pages = useQuery({ queryKey: ['portal', 'pages'], queryFn: ({ signal }) => api.call(routes.listPortalPages, {}, { signal }) });
  const [preview, setPreview] = useState<Preview | null>(null);
  const clientId = me?.clientId ?? 0;
  const servicePath = (service: PortalServicePage, style?: string) => `/${service.path}${style ? `/${style.toLowerCase()}` : ''}?client=${clientId}`;

  return (
    <>
      <PageHeader
        title="Pages"
        description={pages.data?.domain ? `Your pages at ${pages.data.domain}: where your ads send patients.` : 'Your pages: where your ads send patients.'}
      />
      {pages.isPending ? (
        <LoadingPanel label="Loading your pages..." />
      ) : pages.isError ? (
        <LoadFailed card title="Failed to load your pages" message={pages.error.message} onRetry={() => void pages.refetch()} />
      ) : (
        <section className="adm-card" aria-label="Your pages">
          <ul className="prt-pages">
            <PageRow title="Home page" url={pages.data.home.url} onPreview={() => setPreview({ title: 'Home page', path: clientHomepageUrl(clientId) })} />
            {pages.data.services.map((service) => (
              <PageRow
                key={service.serviceId}
                title={service.name}
                url={service.url}
                styles={service.styles}
                onPreview={() => setPreview({ title: service.name, path: servicePath(service) })}
              />
            ))}
            <PageRow title="Thank-you page" url={pages.data.thanks.url} onPreview={() => setPreview({ title: 'Thank-you page', path: `/thanks?client=${clientId}` })} />
          </ul>
          {pages.data.services.length === 0 && <p className="adm-muted prt-pages__empty">No service page is live yet: your agency turns them on.</p>}
        </section>
      )}
      <PreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </>
  );
}

function PageRow({ title, url, styles, onPreview }: { title: string; url: string; styles?: Record<'A' | 'B' | 'C', string>; onPreview: () => void }) {
  return (
    <li className="prt-pages__item">
      <div className="prt-pages__text">
        <h2 className="prt-pages__title">{title}</h2>
        <a className="prt-pages__url" href={url} target="_blank" rel="noopener noreferrer">
          {url.replace(/^https?:\/\//, '')}
        </a>
        {styles && (
          <span className="adm-badges prt-pages__styles">
            {(['A', 'B', 'C'] as const).map((style) => (
              <a key={style} className="adm-badge" href={styles[style]} target="_blank" rel="noopener noreferrer" aria-label={`${title}, style ${style} (opens in a new tab)`}>
                Style {style}
              </a>
            ))}
          </span>
        )}
      </div>
      <div className="prt-pages__actions">
        <button type="button" className="adm-button adm-button--secondary" onClick={onPreview} aria-label={`Preview ${title}`}>
          <Eye size={16} aria-hidden /> Preview
        </button>
        <a className="adm-button adm-button--ghost" href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${title} (opens in a new tab)`}>
          <ExternalLink size={16} aria-hidden />
        </a>
      </div>
    </li>
  );
}

function PreviewDialog({ preview, onClose }: { preview: Preview | null; onClose: () => void }) {
  return (
    <ModalDialog open={preview !== null} onOpenChange={(open) => !open && onClose()} className="adm-sheet prt-preview" aria-describedby={undefined}>
      <div className="adm-sheet__header">
        <Dialog.Title className="adm-drawer__title">{preview?.title}</Dialog.Title>
        <Dialog.Close className="adm-icon-button" aria-label="Close">
          <X size={20} aria-hidden />
        </Dialog.Close>
      </div>
      {preview && <iframe className="prt-preview__frame" src={preview.path} title={`Preview of ${preview.title}`} loading="lazy" />}
    </ModalDialog>
  );
}
