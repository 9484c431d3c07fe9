import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { LaunchService } from './launch.service';
import type { DomainCampaignsService } from './domain-campaigns.service';
import type { LaunchedCampaignService } from './launched-campaign.service';
import type { LandingKeywordsService } from './landing-keywords.service';
import type { PageCampaignsService } from './page-campaigns.service';
import type { AdTextsService } from './ad-texts.service';

/** Test Campaign, Launch Campaign and the launch log (docs/admin.md#calls). */
export const launchHandlers = (
  launches: LaunchService,
): Pick<RouteHandlers<'ads'>, 'testGoogleAdsCampaign' | 'launchGoogleAdsCampaign' | 'getCampaignLaunch' | 'listCampaignLaunches' | 'listClinicCampaignIds'> => ({
  testGoogleAdsCampaign: ({ body }, request) => launches.test(actorOf(request), body),
  launchGoogleAdsCampaign: ({ body }, request) => launches.launch(actorOf(request), body),
  getCampaignLaunch: ({ params }, request) => launches.get(actorOf(request), params.launchId),
  listCampaignLaunches: ({ query }, request) => launches.listForClient(actorOf(request), query.clientId, query.serviceId),
  listClinicCampaignIds: ({ query }, request) => launches.campaignIds(actorOf(request), query.clientId),
});

/** Campaigns after launch: as Google reports them, paused or resumed, their budget changed. */
export const launchedCampaignHandlers = (
  campaigns: LaunchedCampaignService,
): Pick<RouteHandlers<'ads'>, 'getLaunchedCampaign' | 'setLaunchedCampaignStatus' | 'setLaunchedCampaignBudget'> => ({
  getLaunchedCampaign: ({ params }, request) => campaigns.read(actorOf(request), params.launchId),
  setLaunchedCampaignStatus: ({ params, body }, request) => campaigns.setStatus(actorOf(request), params.launchId, body.status),
  setLaunchedCampaignBudget: ({ params, body }, request) => campaigns.setBudget(actorOf(request), params.launchId, body.dailyBudget),
});

/** Running campaigns on a clinic's domain, for the failing domain's one-click pause. */
export const domainCampaignHandlers = (campaigns: DomainCampaignsService): Pick<RouteHandlers<'ads'>, 'listDomainCampaigns'> => ({
  listDomainCampaigns: ({ params }, request) => campaigns.running(actorOf(request), params.id, params.domain),
});

/** Campaigns on a clinic's page when its path changes or it is deactivated (docs/admin.md#page-paths); templates asks. */
export const pageCampaignHandlers = (campaigns: PageCampaignsService): Pick<RouteHandlers<'ads'>, 'listRunningPageCampaigns' | 'movePageCampaigns'> => ({
  listRunningPageCampaigns: ({ body }, request) => campaigns.running(actorOf(request), body),
  movePageCampaigns: ({ body }, request) => campaigns.move(actorOf(request), body),
});

/** The keywords a clinic's service page may echo in its headline (docs/campaigns.md#message-match); the public shell asks. */
export const landingKeywordHandlers = (keywords: LandingKeywordsService): Pick<RouteHandlers<'ads'>, 'listLandingKeywords'> => ({
  listLandingKeywords: ({ query }, request) => keywords.keywords(actorOf(request), query),
});

/** A template's ad texts reaching its launched campaigns (docs/campaigns.md#ad-texts-follow-the-template); the rollout screen asks after a push. */
export const adTextHandlers = (adTexts: AdTextsService): Pick<RouteHandlers<'ads'>, 'listAdTextCampaigns' | 'checkCampaignAdTexts' | 'updateCampaignAdTexts'> => ({
  listAdTextCampaigns: ({ body }, request) => adTexts.campaigns(actorOf(request), body),
  checkCampaignAdTexts: ({ params }, request) => adTexts.check(actorOf(request), params.launchId),
  updateCampaignAdTexts: ({ params, body }, request) => adTexts.update(actorOf(request), params.launchId, body),
});
