import type { DataSource, EntityManager } from 'typeorm';
// The enums alone (google-ads-api/enums), not the whole library: see services/ads/README.md.
import { enums } from 'google-ads-api/enums';
import {
  adGroupFigures,
  ErrorCode,
  Messages,
  keywordShown,
  keywordSubject,
  negativeKeywordRecommendations,
  normaliseTerm,
  PAUSE_KEYWORD_MIN_SPEND,
  pauseKeywordRecommendations,
  RECOMMENDATION_WINDOW_DAYS,
  NEGATIVE_KEYWORD_MIN_SPEND,
  SEARCH_TERMS_SHOWN,
  type AdsRecommendation,
  type ApplyRecommendation,
  type RecommendationAction,
  type RecommendationChangeResult,
  type Recommendations,
} from '@hap/contracts';
import { AppError, assertAdmin, conflict, notFound, recordAudit, type Actor } from '@hap/service-kit';
import { customerIdDigits } from '../../campaign/customer-id';
import type { TenantClient } from '../../clients/tenant.client';
import { googleChangeError } from '../../google-ads/change-errors';
import { type AdsAccount, type AdsGateway, type AdsOperation } from '../../google-ads/ads-gateway';
import type { GoogleAdsAccess } from '../launches/launch.service';
import { lastDays } from '../performance/performance-range';
import type { RecommendationRepository, StoredAction } from './recommendation.repository';

/** The clinic's actions the screen lists. */
const ACTIONS_SHOWN = 20;

const publicAction = ({ resourceName: _resourceName, ...action }: StoredAction): RecommendationAction => action;

/**
 * Recommendations you confirm (docs/campaigns.md#recommendations): negative keywords
 * from a clinic's search terms of the last 30 days, and pauses of its keywords that spent
 * without a conversion. Applying one finds it again in the
 * figures kept here (a stale screen cannot apply what they no longer say), has Google
 * check the change (validate_only), makes it, records it and audits it, in one
 * transaction holding the clinic's lock: a double click waits, then finds it applied.
 * Undo removes the criterion the same way.
 */
export class RecommendationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: RecommendationRepository,
    private readonly tenant: TenantClient,
    private readonly access: GoogleAdsAccess,
  ) {}

  async list(actor: Actor, clientId: number): Promise<Recommendations> {
    assertAdmin(actor);
    const clinic = await this.tenant.clinic(clientId, actor.requestId);
    const window = lastDays(RECOMMENDATION_WINDOW_DAYS);
    const customerId = clinic.googleAdsAccountId ? customerIdDigits(clinic.googleAdsAccountId) : null;
    const actions = (await this.store.actions(clientId, ACTIONS_SHOWN)).map(publicAction);
    const base = { clientId, customerId, ...window, minSpend: NEGATIVE_KEYWORD_MIN_SPEND, pauseMinSpend: PAUSE_KEYWORD_MIN_SPEND, actions };
    if (!customerId) return { ...base, searchTerms: [], keywords: [], adGroups: [], recommendations: [], note: Messages.clinicWithoutAdsAccount };
    const [all, keywords, applied] = await Promise.all([
      this.store.searchTerms(clientId, customerId, window, null),
      this.store.keywords(clientId, customerId, window),
      this.store.appliedKeys(clientId),
    ]);
    return {
      ...base,
      searchTerms: all.slice(0, SEARCH_TERMS_SHOWN),
      keywords: keywords.slice(0, SEARCH_TERMS_SHOWN),
      // From every keyword, not only those shown.
      adGroups: adGroupFigures(keywords),
      // The costliest waste first, whichever kind.
      recommendations: [...negativeKeywordRecommendations(all, window, applied), ...pauseKeywordRecommendations(keywords, window, applied)].sort((a, b) => b.evidence.cost - a.evidence.cost),
      note: all.length === 0 ? 'No search terms have been read for this clinic in the last 30 days. Google Ads is read every hour, or now with Read Google Ads now.' : null,
    };
  }

  /** The gateway and the clinic's account, or why a change cannot be made. */
  private async target(clientId: number, requestId: string): Promise<{ gateway: AdsGateway; account: AdsAccount; clinicName: string }> {
    if (!this.access.gateway) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.googleAdsNotConfigured);
    const clinic = await this.tenant.clinic(clientId, requestId);
    if (!clinic.googleAdsAccountId) throw conflict(Messages.clinicWithoutAdsAccount);
    const refreshToken = await this.access.refreshToken();
    if (!refreshToken) throw conflict(Messages.googleAdsNotConnected);
    return {
      gateway: this.access.gateway,
      clinicName: clinic.name,
      account: {
        customerId: customerIdDigits(clinic.googleAdsAccountId),
        loginCustomerId: clinic.googleAdsManagerId ? customerIdDigits(clinic.googleAdsManagerId) : null,
        refreshToken,
      },
    };
  }

  /** Google checks the operations first (validate_only), then they are made; the first result's resource name. */
  private async send(gateway: AdsGateway, account: AdsAccount, operations: AdsOperation[]): Promise<string> {
    try {
      await gateway.mutate(account, operations, { validateOnly: true });
      return (await gateway.mutate(account, operations)).resourceNames[0] ?? '';
    } catch (err) {
      googleChangeError(err);
    }
  }

  async apply(actor: Actor, body: ApplyRecommendation): Promise<RecommendationChangeResult> {
    assertAdmin(actor);
    const { gateway, account, clinicName } = await this.target(body.clientId, actor.requestId);
    const subject = body.kind === 'negative_keyword' ? normaliseTerm(body.searchTerm) : keywordSubject(body.adGroupId, body.criterionId);
    return this.dataSource.transaction(async (manager) => {
      await this.store.lock(body.clientId, manager);
      const done = await this.store.applied(body.clientId, body.kind, body.campaignId, subject, manager);
      if (done) {
        const already = body.kind === 'negative_keyword' ? `[${subject}] is already a negative keyword of ‘${done.campaignName}’` : `The keyword ${done.searchTerm} is paused already`;
        return { applied: false, message: `${already}; nothing was changed.`, action: publicAction(done) };
      }
      const found = await this.findAgain(body, subject, account.customerId, manager);
      const keyword = found.keyword;
      const operation: AdsOperation = keyword
        ? {
            entity: 'ad_group_criterion',
            operation: 'update',
            resource: { resource_name: `customers/${account.customerId}/adGroupCriteria/${subject}`, status: enums.AdGroupCriterionStatus.PAUSED },
          }
        : {
            entity: 'campaign_criterion',
            operation: 'create',
            resource: { campaign: `customers/${account.customerId}/campaigns/${found.campaignId}`, negative: true, keyword: { text: subject, match_type: enums.KeywordMatchType.EXACT } },
          };
      const resourceName = await this.send(gateway, account, [operation]);
      const evidence = keyword ? { ...found.evidence, keyword: found.searchTerm, matchType: keyword.matchType, adGroupName: keyword.adGroupName } : found.evidence;
      const action = await this.store.insert(
        { clientId: body.clientId, customerId: account.customerId, kind: body.kind, campaignId: found.campaignId, campaignName: found.campaignName, subject, change: found.change, evidence, resourceName, appliedBy: actor.identity.email ?? null },
        manager,
      );
      const after = keyword
        ? { kind: action.kind, campaignId: action.campaignId, adGroupId: keyword.adGroupId, criterionId: keyword.criterionId, keyword: found.searchTerm, status: 'PAUSED', evidence, resourceName }
        : { kind: action.kind, campaignId: action.campaignId, searchTerm: subject, matchType: 'EXACT', negative: true, evidence, resourceName };
      await recordAudit(manager, actor, {
        action: keyword ? 'update' : 'create',
        entity: 'google_ads_recommendation',
        entityId: action.id,
        changes: { before: keyword ? { keyword: found.searchTerm, status: 'ENABLED' } : null, after },
        names: { client: clinicName, campaign: found.campaignName, account: account.customerId, subject: found.searchTerm },
      });
      const message = keyword
        ? `The keyword ${keywordShown(found.searchTerm, keyword.matchType)} is paused in ‘${keyword.adGroupName}’: it no longer spends.`
        : `[${subject}] is now a negative keyword of ‘${found.campaignName}’: its searches no longer show the ads.`;
      return { applied: true, message, action: publicAction(action) };
    });
  }

  /** The recommendation again, from the figures kept now (a stale screen cannot apply what they no longer say), or 409. */
  private async findAgain(body: ApplyRecommendation, subject: string, customerId: string, manager: EntityManager): Promise<AdsRecommendation> {
    const window = lastDays(RECOMMENDATION_WINDOW_DAYS);
    if (body.kind === 'negative_keyword') {
      const terms = await this.store.searchTerms(body.clientId, customerId, window, null, manager);
      const found = negativeKeywordRecommendations(terms, window, new Set()).find((r) => r.campaignId === body.campaignId && r.searchTerm === subject);
      if (found) return found;
      throw conflict(`The figures no longer recommend excluding [${subject}] from this campaign (it converted, spent less than $${NEGATIVE_KEYWORD_MIN_SPEND}, or was not read): nothing was changed.`);
    }
    const keywords = await this.store.keywords(body.clientId, customerId, window, manager);
    const found = pauseKeywordRecommendations(keywords, window, new Set()).find((r) => r.campaignId === body.campaignId && keywordSubject(r.keyword!.adGroupId, r.keyword!.criterionId) === subject);
    if (found) return found;
    throw conflict(`The figures no longer recommend pausing this keyword (it converted, spent less than $${PAUSE_KEYWORD_MIN_SPEND}, or was not read): nothing was changed.`);
  }

  async undo(actor: Actor, actionId: string): Promise<RecommendationChangeResult> {
    assertAdmin(actor);
    const known = await this.store.get(actionId);
    if (!known) throw notFound(`No applied recommendation ${actionId}.`);
    const { gateway, account, clinicName } = await this.target(known.clientId, actor.requestId);
    if (account.customerId !== known.customerId) throw conflict(`The clinic's Google Ads account is now ${account.customerId}, not ${known.customerId} where this change was made; undo it in Google Ads.`);
    return this.dataSource.transaction(async (manager) => {
      await this.store.lock(known.clientId, manager);
      const action = (await this.store.get(actionId, manager))!;
      if (action.status === 'undone') return { applied: false, message: 'This change was undone already; nothing was changed.', action: publicAction(action) };
      if (!action.resourceName) throw conflict('Google Ads gave no name for this change, so it cannot be undone from here; undo it in Google Ads.');
      const paused = action.kind === 'pause_keyword';
      // A pause is undone by enabling the keyword again; a negative keyword by removing the criterion.
      await this.send(gateway, account, [
        paused
          ? { entity: 'ad_group_criterion', operation: 'update', resource: { resource_name: action.resourceName, status: enums.AdGroupCriterionStatus.ENABLED } }
          : ({ entity: 'campaign_criterion', operation: 'remove', resource: action.resourceName } as unknown as AdsOperation),
      ]);
      const undone = await this.store.markUndone(action.id, manager);
      await recordAudit(manager, actor, {
        action: paused ? 'update' : 'delete',
        entity: 'google_ads_recommendation',
        entityId: action.id,
        changes: paused
          ? { before: { keyword: action.searchTerm, status: 'PAUSED' }, after: { keyword: action.searchTerm, status: 'ENABLED' } }
          : { before: { kind: action.kind, campaignId: action.campaignId, searchTerm: action.searchTerm, resourceName: action.resourceName }, after: null },
        names: { client: clinicName, campaign: action.campaignName, account: action.customerId, subject: action.searchTerm },
      });
      const message = paused ? `The keyword ${action.searchTerm} is running again in ‘${action.campaignName}’.` : `[${action.searchTerm}] is no longer a negative keyword of ‘${action.campaignName}’.`;
      return { applied: true, message, action: publicAction(undone) };
    });
  }
}
