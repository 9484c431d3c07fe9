import type { Client } from '@hap/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ExternalLink, Globe, House, MoreHorizontal } from 'lucide-react';
import { clientHomepageUrl } from './clients-query';

/** admin spec §2.4 Actions: the viewing actions; editing, staff, services and delete arrive later. */
export function ClientActions({ client }: { client: Client }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="adm-icon-button" aria-label={`Actions for ${client.name}`}>
        <MoreHorizontal size={18} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="adm-menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="adm-menu__label">Actions</DropdownMenu.Label>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <a href={clientHomepageUrl(client.id)} target="_blank" rel="noopener noreferrer">
              <House size={16} aria-hidden />
              View Client Homepage
            </a>
          </DropdownMenu.Item>
          {client.website && (
            <DropdownMenu.Item asChild className="adm-menu__item">
              <a href={client.website} target="_blank" rel="noopener noreferrer">
                <Globe size={16} aria-hidden />
                View Website
                <ExternalLink size={14} aria-hidden className="adm-menu__trailing" />
              </a>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
