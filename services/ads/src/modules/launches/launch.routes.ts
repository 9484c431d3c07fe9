import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { LaunchService } from './launch.service';

/** Test Campaign, Launch Campaign and the launch log (admin spec §7). */
export const launchHandlers = (
  launches: LaunchService,
): Pick<RouteHandlers<'ads'>, 'testGoogleAdsCampaign' | 'launchGoogleAdsCampaign' | 'getCampaignLaunch' | 'listCampaignLaunches'> => ({
  testGoogleAdsCampaign: ({ body }, request) => launches.test(actorOf(request), body),
  launchGoogleAdsCampaign: ({ body }, request) => launches.launch(actorOf(request), body),
  getCampaignLaunch: ({ params }, request) => launches.get(actorOf(request), params.launchId),
  listCampaignLaunches: ({ query }, request) => launches.listForClient(actorOf(request), query.clientId, query.serviceId),
});
