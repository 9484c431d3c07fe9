import type { Client, ServiceListItem } from '@hap/contracts';
import { ExternalLink, Megaphone, Pencil, Rocket, Settings2 } from 'lucide-react';
import { liveServiceUrl } from './service-rules';

/**
 * admin spec §2.7: Service, Path, Status (inactive rows dimmed) and Actions:
 * Edit (the content editor, §2.9), the service's settings (the §2.8 dialog),
 * Preview Ads (the Google Ads Campaign Preview, §2.10), the Google Ads
 * Campaign dialog (§2.10: saved ad settings, test, launch) and its live page.
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
      <thead>
        <tr>
          <th scope="col">Service</th>
          <th scope="col">Path</th>
          <th scope="col">Status</th>
          <th scope="col" className="svc-table__actions-head">
            Actions
          </th>
        </tr>
      </thead>
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
                <button type="button" className="adm-icon-button" onClick={() => onSettings(service)} aria-label={`Settings of ${service.name}`} title="Name, path, status, offer and scripts">
                  <Settings2 size={16} aria-hidden />
                </button>
                <button type="button" className="adm-icon-button" onClick={() => onPreviewAds(service)} aria-label={`Preview Google Ads of ${service.name}`} title="Preview Ads">
                  <Megaphone size={16} aria-hidden />
                </button>
                <button type="button" className="adm-icon-button" onClick={() => onAdsCampaign(service)} aria-label={`Google Ads campaign of ${service.name}`} title="Google Ads Campaign">
                  <Rocket size={16} aria-hidden />
                </button>
                <a
                  className="adm-icon-button"
                  href={liveServiceUrl(client, service.path)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open the live page of ${service.name} in a new tab`}
                  title="Open live page"
                >
                  <ExternalLink size={16} aria-hidden />
                </a>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
