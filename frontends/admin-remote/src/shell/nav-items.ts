import { ChartLine, FileText, FlaskConical, History, Inbox, Layers, ListChecks, Megaphone, MessageSquare, ShieldCheck, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** docs/admin.md#sign-in-and-the-shell: a notification count per link; a live one comes from `live`. */
  count: number;
  /** The count is live: Leads shows how many leads await a first contact. */
  live?: 'newLeads';
  /** A page the gateway serves, not a screen of this app: opened with a page load, not the router. */
  page?: true;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Clients', to: '/admin/clients', icon: Users, count: 0 },
  { label: 'Leads', to: '/admin/leads', icon: Inbox, count: 0, live: 'newLeads' },
  { label: 'Results', to: '/admin/results', icon: ChartLine, count: 0 },
  { label: 'Experiments', to: '/admin/experiments', icon: FlaskConical, count: 0 },
  { label: 'Services', to: '/admin/services', icon: Layers, count: 0 },
  { label: 'Templates', to: '/admin/templates', icon: FileText, count: 0 },
  { label: 'Google Ads', to: '/admin/google-ads-templates', icon: Megaphone, count: 0 },
  { label: 'Patient Messages', to: '/admin/messaging', icon: MessageSquare, count: 0 },
  { label: 'Audit Log', to: '/admin/audit', icon: History, count: 0 },
  { label: 'Security', to: '/admin/security', icon: ShieldCheck, count: 0 },
  // The gateway's queue board (ARCHITECTURE.md#how-parts-talk, gateway/src/plugins/queues-board.ts), admins only like every link here.
  { label: 'Queues', to: '/admin/queues', icon: ListChecks, count: 0, page: true },
];
