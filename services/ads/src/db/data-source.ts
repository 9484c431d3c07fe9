import { AuditLogEntity, createServiceDataSource } from '@hap/service-kit';
import { CampaignJobEntity } from '../modules/campaigns/campaign-job.entity';
import { AdCampaignTemplateEntity } from '../modules/campaigns/campaign.entity';
import { GoogleAdsConnectionEntity } from '../modules/connection/connection.entity';
import { CampaignLaunchEntity } from '../modules/launches/launch.entity';
import { CampaignPerformanceEntity, KeywordPerformanceEntity, PerformanceAccountEntity } from '../modules/performance/performance.entity';
import { CreateAdsSchema1763800000000 } from './migrations/1763800000000-CreateAdsSchema';
import { CreateAdsTables1764700000000 } from './migrations/1764700000000-CreateAdsTables';
import { LaunchLogColumns1764900000000 } from './migrations/1764900000000-LaunchLogColumns';
import { LaunchRecovery1764950000000 } from './migrations/1764950000000-LaunchRecovery';
import { OAuthStates1765000000000 } from './migrations/1765000000000-OAuthStates';
import { OptimizeProposals1765100000000 } from './migrations/1765100000000-OptimizeProposals';
import { Performance1765200000000 } from './migrations/1765200000000-Performance';
import { SearchTermsRecommendations1765300000000 } from './migrations/1765300000000-SearchTermsRecommendations';
import { BudgetLimited1765400000000 } from './migrations/1765400000000-BudgetLimited';
import { PauseKeywordActions1767000000000 } from './migrations/1767000000000-PauseKeywordActions';
import { SearchImpressionShare1767100000000 } from './migrations/1767100000000-SearchImpressionShare';

export const SCHEMA = 'ads';

/** The ads service's data source. */
export const createDataSource = (url: string) =>
  createServiceDataSource({
    url,
    schema: SCHEMA,
    entities: [AdCampaignTemplateEntity, CampaignJobEntity, GoogleAdsConnectionEntity, CampaignLaunchEntity, CampaignPerformanceEntity, KeywordPerformanceEntity, PerformanceAccountEntity, AuditLogEntity],
    migrations: [CreateAdsSchema1763800000000, CreateAdsTables1764700000000, LaunchLogColumns1764900000000, LaunchRecovery1764950000000, OAuthStates1765000000000, OptimizeProposals1765100000000, Performance1765200000000, SearchTermsRecommendations1765300000000, BudgetLimited1765400000000, PauseKeywordActions1767000000000, SearchImpressionShare1767100000000],
  });
