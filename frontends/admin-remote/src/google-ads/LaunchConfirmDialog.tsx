import * as Dialog from '@radix-ui/react-dialog';
import { CAMPAIGN_CREATED_STATUSES, routes, type CampaignLaunch } from '@hap/contracts';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Rocket, TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { api } from '../lib/api';
import { DialogHeader } from '../pages/DialogHeader';
import { launchesKey } from './ads-query';
import './launch-confirm.css';

/** What a launch of one service is about to do, as the confirmation names it. */
export interface LaunchSummary {
  clientId: number;
  serviceId: number;
  /** The Google Ads account the campaign is created in. */
  accountId: string;
  dailyBudget: number | string;
  /** The campaign's planned name when the screen knows it; otherwise the service's name is told. */
  campaignName?: string;
  serviceName: string;
}

/** The service's launches, newest first (the ads service's launch log, filtered by service). */
const useServiceLaunches = (clientId: number, serviceId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...launchesKey(clientId), 'service', serviceId],
    enabled,
    queryFn: ({ signal }): Promise<CampaignLaunch[]> => api.call(routes.listCampaignLaunches, { query: { clientId, serviceId } }, { signal }),
    retry: false,
    staleTime: 0,
  });

/** What the admin confirmed: the launch body's `launchAgain` and `acceptPolicyWarnings`. */
export interface LaunchChoice {
  launchAgain: boolean;
  acceptPolicyWarnings: boolean;
}

/** A Google Ads customer id as Google Ads shows it: 123-456-7890. */
export const formatCustomerId = (id: string) => {
  const digits = id.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : id;
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The one confirmation before a campaign is created in Google Ads, for each launch path (Google Ads Campaign dialog, Preview dialog,
 * campaign builder): it names the account, the daily budget and that the
 * campaign is created paused. A service that already has a campaign there
 * says when and as what, and launches again only with 'Launch another
 * campaign anyway' ticked. `children`: the path's own launch options.
 */
export function LaunchConfirmDialog({
  open,
  onOpenChange,
  summary,
  pending,
  onConfirm,
  warnings = null,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: LaunchSummary;
  pending: boolean;
  /** The healthcare policy warnings the launch was refused for (use-launch.ts policyWarningsOf): asked a yes here. */
  warnings?: readonly string[] | null;
  /** `launchAgain`: the admin gave the second yes (the launch API refuses a relaunch without it). */
  onConfirm: (choice: LaunchChoice) => void;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-overlay" />
        <ConfirmContent summary={summary} pending={pending} onConfirm={onConfirm} warnings={warnings} onCancel={() => onOpenChange(false)}>
          {children}
        </ConfirmContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ConfirmContent({
  summary,
  pending,
  onConfirm,
  warnings,
  onCancel,
  children,
}: {
  summary: LaunchSummary;
  pending: boolean;
  warnings: readonly string[] | null;
  onConfirm: (choice: LaunchChoice) => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [anyway, setAnyway] = useState(false);
  const [acceptWarnings, setAcceptWarnings] = useState(false);
  const asksAboutWarnings = Boolean(warnings?.length);
  const launches = useServiceLaunches(summary.clientId, summary.serviceId, true);
  const earlier = launches.data?.find((l) => CAMPAIGN_CREATED_STATUSES.includes(l.status));
  // Not knowing whether it was launched asks for the same second yes as knowing it was.
  const needsSecondYes = Boolean(earlier) || launches.isError;
  const blocked = pending || launches.isPending || (needsSecondYes && !anyway) || (asksAboutWarnings && !acceptWarnings);
  const what = summary.campaignName ? `“${summary.campaignName}”` : `a campaign for ${summary.serviceName}`;

  return (
    <Dialog.Content className="adm-dialog adm-dialog--narrow" aria-describedby={`${id}-text`}>
      <DialogHeader title="Launch Campaign" />
      <div className="adm-dialog__body ads-confirm">
        <p id={`${id}-text`} className="adm-dialog__text ads-confirm__facts">
          This creates {what} in Google Ads account {formatCustomerId(summary.accountId)}, paused, with a budget of ${summary.dailyBudget} a day. It spends nothing until you turn it on in Google Ads.
        </p>
        {launches.isPending && (
          <p className="adm-muted" role="status">
            <LoaderCircle size={16} aria-hidden className="adm-spin" /> Checking whether this service was launched before…
          </p>
        )}
        {needsSecondYes && (
          <div className="ads-confirm__again" role="alert">
            <p>
              <TriangleAlert size={16} aria-hidden />{' '}
              {earlier
                ? `This service was already launched on ${dateOf(earlier.launchedAt)} as ${earlier.campaignName}. Launching again creates a second campaign in Google Ads.`
                : `Could not check whether this service was launched before (${launches.error?.message ?? 'no answer'}).`}
            </p>
            <label className="ads-check">
              <input type="checkbox" checked={anyway} onChange={(e) => setAnyway(e.target.checked)} disabled={pending} />
              Launch another campaign anyway
            </label>
          </div>
        )}
        {asksAboutWarnings && (
          <div className="ads-confirm__again" role="alert">
            <p>
              <TriangleAlert size={16} aria-hidden /> Google shows these only to certified advertisers or restricts them in health ads:
            </p>
            <ul className="ads-confirm__warnings">
              {warnings!.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
            <label className="ads-check">
              <input type="checkbox" checked={acceptWarnings} onChange={(e) => setAcceptWarnings(e.target.checked)} disabled={pending} />
              Launch with these warnings (the Google Ads account holds the certification they need)
            </label>
          </div>
        )}
        {children}
        <div className="adm-dialog__footer">
          <button type="button" className="adm-button adm-button--secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="adm-button adm-button--primary" onClick={() => onConfirm({ launchAgain: needsSecondYes && anyway, acceptPolicyWarnings: asksAboutWarnings && acceptWarnings })} disabled={blocked}>
            {pending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Rocket size={16} aria-hidden />}
            {pending ? 'Launching...' : 'Launch'}
          </button>
        </div>
      </div>
    </Dialog.Content>
  );
}
