import { routes } from '@hap/contracts';
import { DomainsPanel } from '../domains/DomainsPanel';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadingPanel } from '../pages/LoadingPanel';
import { PageHeader } from '../pages/PageHeader';
import { canUse, portalTitle, usePortalUser } from './portal-auth';

/** Domains: the clinic's own domains, with the agency's panel. Owners add, check and remove; the front desk, viewers and the agency's read-only view see them (docs/portal.md#roles). */
export function PortalDomainsPage() {
  useDocumentTitle(portalTitle('Domains'));
  const me = usePortalUser().data;
  if (!me) return <LoadingPanel label="Loading domains..." />;
  const canEdit = canUse(me, routes.addPortalDomain);
  return (
    <>
      <PageHeader
        title="Domains"
        description={
          canEdit
            ? `${me.clientName}’s pages on its own domain: add it, set the DNS records shown at your DNS provider, and it turns verified once they are found.`
            : `${me.clientName}’s own domains, their state and the DNS records they need.`
        }
      />
      <DomainsPanel
        scope={{ kind: 'portal' }}
        canEdit={canEdit}
        readOnlyNote={
          me.viewAs
            ? 'This is a read-only view. The clinic’s owners change domains here, and the agency on the clinic’s Domains screen.'
            : 'Only the clinic’s owners can add, check or remove domains.'
        }
      />
    </>
  );
}
