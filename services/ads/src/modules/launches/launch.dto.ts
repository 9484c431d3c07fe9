import type { CampaignLaunch } from '@hap/contracts';
import { googleAdsCampaignUrl } from '../../google-ads/ads-gateway';
import { nextStepsOf } from '../../campaign/launch-outcome';
import type { CampaignLaunchEntity } from './launch.entity';

/** A launch as the screens follow it. */
export function toCampaignLaunchDto(row: CampaignLaunchEntity): CampaignLaunch {
  return {
    id: row.id,
    clientId: row.clientId,
    serviceId: row.serviceId,
    templateId: row.templateId,
    campaignName: row.campaignName,
    customerId: row.customerId,
    googleAdsCampaignId: row.googleAdsCampaignId,
    status: row.status,
    successfulAdGroups: row.successfulAdGroups,
    failedAdGroups: row.failedAdGroups,
    totalAdGroups: row.totalAdGroups,
    adGroupIds: row.adGroupIds,
    failedKeywords: row.failedKeywords,
    policyViolations: row.policyViolations,
    errorCode: row.errorCode,
    errorDetails: row.errorDetails,
    nextSteps: nextStepsOf(row.status, row.policyViolations),
    googleAdsUrl: row.googleAdsCampaignId ? googleAdsCampaignUrl(row.customerId, row.googleAdsCampaignId) : null,
    requestPolicyExemption: row.requestPolicyExemption,
    launchedBy: row.launchedBy,
    launchedAt: row.launchedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
