import { clinicHomeUrl, routes, type Client } from '@hap/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarDays, ChartLine, CloudUpload, Eye, ExternalLink, FlaskConical, Globe, House, Link2, KeyRound, Layers, Megaphone, MessageSquare, MoreHorizontal, Pencil, Trash2, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { IconAction } from '../pages/IconAction';
import { useToast } from '../toast/toaster';
import { canCreateCrmAccount } from './crm-status';

/** What a row's actions open: the Team Members, Users, edit and delete dialogs. */
export interface ClientActionHandlers {
  onStaff: (client: Client) => void;
  /** The clinic's portal users. */
  onUsers: (client: Client) => void;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
  /** Create CRM Account: one attempt now (the row shows it running). */
  onCreateCrm: (client: Client) => void;
}

/** docs/admin.md#clients Actions, the client's ad-campaign page (docs/campaigns.md#client-ad-campaign-page: builder and launch log), its Booking (calendar and settings), its Results and its Domains. */
export function ClientActions({ client, onStaff, onUsers, onEdit, onDelete, onCreateCrm }: { client: Client } & ClientActionHandlers) {
  const toast = useToast();
  // The clinic's portal as its staff see it, read-only and audited: a full load, so the portal checks its session afresh.
  const viewAsClinic = () =>
    api.call(routes.startViewAs, { body: { clientId: client.id } }).then(
      () => window.location.assign('/portal/leads'),
      (error: Error) => toast({ title: 'Could not open the clinic’s portal', description: error.message, variant: 'destructive' }),
    );
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconAction label={`Actions for ${client.name}`} tip="Actions" icon={<MoreHorizontal size={18} aria-hidden />} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="adm-menu" align="end" sideOffset={4} collisionPadding={8}>
          <DropdownMenu.Label className="adm-menu__label">Actions</DropdownMenu.Label>
          <DropdownMenu.Item className="adm-menu__item" onSelect={() => onStaff(client)}>
            <UsersRound size={16} aria-hidden />
            Staff Members
          </DropdownMenu.Item>
          <DropdownMenu.Item className="adm-menu__item" onSelect={() => onUsers(client)}>
            <KeyRound size={16} aria-hidden />
            Portal Users
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <Link to={`/admin/services?client=${client.id}`}>
              <Layers size={16} aria-hidden />
              Manage Services
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <Link to={`/admin/clients/${client.id}/ads`}>
              <Megaphone size={16} aria-hidden />
              Ad Campaigns
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <Link to={`/admin/clients/${client.id}/booking`}>
              <CalendarDays size={16} aria-hidden />
              Booking
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <Link to={`/admin/clients/${client.id}/messaging`}>
              <MessageSquare size={16} aria-hidden />
              Patient Messages
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <Link to={`/admin/results?client=${client.id}`}>
              <ChartLine size={16} aria-hidden />
              Results
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <Link to={`/admin/experiments?client=${client.id}`}>
              <FlaskConical size={16} aria-hidden />
              Experiments
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            <Link to={`/admin/clients/${client.id}/domains`}>
              <Link2 size={16} aria-hidden />
              Domains
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="adm-menu__item" onSelect={() => void viewAsClinic()}>
            <Eye size={16} aria-hidden />
            View as clinic
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="adm-menu__item">
            {/* Where the pages are live: the clinic's active domain, else the platform's address (as ads link). */}
            <a href={clinicHomeUrl({ clientId: client.id, domain: client.siteDomain })} target="_blank" rel="noopener noreferrer">
              <House size={16} aria-hidden />
              View Client Homepage
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="adm-menu__item" onSelect={() => onEdit(client)}>
            <Pencil size={16} aria-hidden />
            Edit Client
          </DropdownMenu.Item>
          {canCreateCrmAccount(client) && (
            <DropdownMenu.Item className="adm-menu__item" onSelect={() => onCreateCrm(client)}>
              <CloudUpload size={16} aria-hidden />
              Create CRM Account
            </DropdownMenu.Item>
          )}
          {client.website && (
            <DropdownMenu.Item asChild className="adm-menu__item">
              <a href={client.website} target="_blank" rel="noopener noreferrer">
                <Globe size={16} aria-hidden />
                View Website
                <ExternalLink size={14} aria-hidden className="adm-menu__trailing" />
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="adm-menu__separator" />
          <DropdownMenu.Item className="adm-menu__item adm-menu__item--danger" onSelect={() => onDelete(client)}>
            <Trash2 size={16} aria-hidden />
            Delete Client
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
