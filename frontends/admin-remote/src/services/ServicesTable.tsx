import type { Client, ServiceListItem } from '@hap/contracts';
import { ExternalLink, LayoutTemplate, Megaphone, Pencil, Rocket, Settings2, SquarePen } from 'lucide-react';
import { IconAction } from '../pages/IconAction';
import { liveServiceUrl } from './service-rules';
import { TableHead } from '../pages/TableHead';

/**
 * docs/admin.md#services: Service, Path, Status (inactive rows dimmed) and Actions:
 * Edit (the content editor, docs/admin.md#service-editor), Edit on Page (docs/page-editor.md), the service's settings (the docs/admin.md#services dialog),
 * Preview Ads (the Google Ads Campaign Preview, docs/campaigns.md#campaign-dialogs), the Google Ads
 * Campaign dialog (docs/campaigns.md#campaign-dialogs: saved ad settings, test, launch), the client's
 * campaign builder started on this service (docs/campaigns.md#client-ad-campaign-page) and its live page. Each
 * icon action says its words as a tooltip, or next to the icon on phones.
 */
export function ServicesTable({
  client,
  services,
  onEdit,
  onSettings,
  onPreviewAds,
  onAdsCampaign,
}: {
  client: Client;
  services: ServiceListItem[];
  onEdit: (service: ServiceListItem) => void;
  onSettings: (service: ServiceListItem) => void;
  onPreviewAds: (service: ServiceListItem) => void;
  onAdsCampaign: (service: ServiceListItem) => void;
}) {
  return (
    <table className="adm-table svc-table">
      <TableHead columns={['Service', 'Path', 'Status']} actions="svc-table__actions-head" />
      <tbody>
        {services.map((service) => (
          <tr key={service.id} className={service.isActive ? undefined : 'svc-row--inactive'}>
            <td className="svc-table__name">
              {service.name}
            </td>
            <td>
              <code className="svc-path">/{service.path}</code>
            </td>
            <td>
              <span className={service.isActive ? 'adm-badge svc-badge--active' : 'adm-badge svc-badge--inactive'}>{service.isActive ? 'Active' : 'Inactive'}</span>
            </td>
            <td>
              <div className="svc-table__actions">
                <button type="button" className="adm-button adm-button--secondary" onClick={() => onEdit(service)} aria-label={`Edit ${service.name}`}>
                  <Pencil size={16} aria-hidden />
                  Edit
                </button>
                <IconAction to={`/admin/services/${service.id}/page`} label={`Edit the page of ${service.name} on the page`} tip="Edit on Page" icon={<LayoutTemplate size={16} aria-hidden />} />
                <IconAction label={`Settings of ${service.name}`} tip="Settings" hint="Name, path, status, offer and scripts" icon={<Settings2 size={16} aria-hidden />} onClick={() => onSettings(service)} />
                <IconAction label={`Preview Google Ads of ${service.name}`} tip="Preview Ads" icon={<Megaphone size={16} aria-hidden />} onClick={() => onPreviewAds(service)} />
                <IconAction label={`Google Ads campaign of ${service.name}`} tip="Ads Campaign" icon={<Rocket size={16} aria-hidden />} onClick={() => onAdsCampaign(service)} />
                <IconAction
                  to={`/admin/clients/${client.id}/ads?service=${service.id}`}
                  label={`Build a Google Ads campaign for ${service.name}`}
                  tip="Campaign Builder"
                  icon={<SquarePen size={16} aria-hidden />}
                />
                <IconAction
                  href={liveServiceUrl(client, service.path)}
                  target="_blank"
                  rel="noopener noreferrer"
                  label={`Open the live page of ${service.name} in a new tab`}
                  tip="Live Page"
                  icon={<ExternalLink size={16} aria-hidden />}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
