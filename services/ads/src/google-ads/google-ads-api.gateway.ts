/**
 * The AdsGateway on google-ads-api (Opteo), the one file that talks to
 * Google Ads. Google's failures (errors.GoogleAdsFailure, not an Error)
 * become AdsRequestRefused with normalised issues; quota exhaustion becomes
 * AdsRetryLater with Google's retry_delay; anything else (network, gRPC
 * UNAVAILABLE) is rethrown for the queue's retries.
 *
 * `apiUrl` (GOOGLE_ADS_API_URL) is for tests and demos only. The library has
 * no endpoint setting (notes §6.3), so the adapter uses its documented
 * hooks: every call is built by the library as usual (the same request
 * message it would send over gRPC) and then posted, as that message's JSON,
 * to Google's REST paths at `apiUrl`; the answer is decoded into the
 * library's own response and failure types. Unset, calls go to Google.
 */
import { enums, errors, GoogleAdsApi, ResourceNames, services, type Customer, type Hooks, type MutateOperation } from 'google-ads-api';
import {
  AdsRequestRefused,
  AdsRetryLater,
  type AdsAccount,
  type AdsGateway,
  type AdsIssue,
  type AdsOperation,
  type CampaignAd,
  type CampaignState,
  type ClickConversion,
  type DayRange,
  type FoundCampaign,
  type MutateResult,
  type PerformanceReport,
} from './ads-gateway';
import { CAMPAIGN_STATES_QUERY, campaignDayOf, keywordDayOf, performanceQueries, searchTermDayOf, wholeNumber } from './performance-gaql';

export interface GoogleAdsApiSettings {
  clientId: string;
  clientSecret: string;
  developerToken: string;
  /** Tests and demos: a loopback fake speaking Google's REST paths; unset in production. */
  apiUrl?: string;
  /** How long one relayed call may take (apiUrl only). */
  timeoutMs?: number;
}

/** Google Ads API version of the pinned google-ads-api (25.1.0 → v25). */
const API_VERSION = 'v25';
/** When Google gives no retry delay for exhausted quota. */
const DEFAULT_QUOTA_DELAY_MS = 30_000;

type Failure = errors.IGoogleAdsFailure;
const isFailure = (err: unknown): err is errors.GoogleAdsFailure => err instanceof errors.GoogleAdsFailure;

/** Google's failure as our issues (notes §3.2), enums read as their names. */
export function toIssues(failure: Failure): AdsIssue[] {
  return (failure.errors ?? []).map((e) => {
    const elements = e.location?.field_path_elements ?? [];
    const path = elements.map((p) => (p.index != null ? `${p.field_name}[${p.index}]` : p.field_name)).join('.');
    const first = elements[0];
    const opIndex = first && (first.field_name === 'mutate_operations' || first.field_name === 'conversions') && first.index != null ? Number(first.index) : null;
    const code = errors.ErrorCode.toObject(errors.ErrorCode.fromObject(e.error_code ?? {}), { enums: String }) as Record<string, string>;
    const [group, value] = Object.entries(code)[0] ?? ['unknown', 'UNKNOWN'];
    const violation = e.details?.policy_violation_details;
    const finding = e.details?.policy_finding_details;
    const trigger = e.trigger?.string_value ?? null;
    let policy: AdsIssue['policy'] = null;
    if (violation?.key) {
      policy = {
        kind: 'violation',
        name: violation.key.policy_name ?? violation.external_policy_name ?? 'policy',
        violatingText: violation.key.violating_text ?? trigger,
        exemptible: Boolean(violation.is_exemptible),
        key: { policy_name: violation.key.policy_name ?? '', violating_text: violation.key.violating_text ?? '' },
      };
    } else if (finding) {
      const topics = (finding.policy_topic_entries ?? []).map((t) => t.topic ?? '').filter(Boolean);
      policy = { kind: 'finding', name: topics.join(', ') || 'policy finding', violatingText: trigger, exemptible: false, key: null };
    }
    return { opIndex, path, code: `${group}:${value}`, message: e.message ?? '', trigger, policy };
  });
}

/** The quota issue's retry delay in ms, or null when the failure is not about quota. */
function quotaDelay(failure: Failure): number | null {
  const quota = (failure.errors ?? []).find((e) => e.error_code?.quota_error != null);
  if (!quota) return null;
  const ms = durationMs(quota.details?.quota_error_details?.retry_delay);
  return ms > 0 ? ms : DEFAULT_QUOTA_DELAY_MS;
}

/**
 * A google.protobuf.Duration in ms: `{ seconds, nanos }` as gRPC decodes it,
 * or "647s" / "1.5s" as Google's REST JSON (the library's reports) sends it.
 */
export function durationMs(delay: unknown): number {
  if (typeof delay === 'string') {
    const m = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
    return m ? Math.round(Number(m[1]) * 1000) : 0;
  }
  if (!delay || typeof delay !== 'object') return 0;
  const { seconds, nanos } = delay as { seconds?: unknown; nanos?: unknown };
  return Number(String(seconds ?? 0)) * 1000 + Math.round(Number(nanos ?? 0) / 1e6);
}

/** snake_case keys, as the library reads Google's REST JSON (its decamelizeKeysIfNeeded). */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.startsWith('@') ? k : k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(v)]));
}

/** Google's failure as ours; anything else unchanged. */
function normalised(err: unknown): unknown {
  if (!isFailure(err)) return err;
  const delay = quotaDelay(err);
  if (delay !== null) return new AdsRetryLater(delay, `Google Ads quota is exhausted for now; trying again in ${Math.ceil(delay / 1000)} s`);
  return new AdsRequestRefused(toIssues(err), err.request_id || null);
}

/** What the relay posts to and reads from `apiUrl`: Google's REST paths, the request messages' JSON. */
async function relay(apiUrl: string, path: string, message: { toJSON(): object }, timeoutMs: number, restFailure = false): Promise<Record<string, unknown>> {
  const res = await fetch(`${apiUrl}/${API_VERSION}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message.toJSON()),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string; details?: Array<Record<string, unknown>> } };
  if (res.ok) return body as Record<string, unknown>;
  const detail = body.error?.details?.find((d) => String(d['@type'] ?? '').includes('errors.GoogleAdsFailure'));
  // A report's failure comes as Google's REST JSON (camelCase, durations as "30s"): read as the library reads it.
  if (detail && restFailure) throw new errors.GoogleAdsFailure(snakeKeys(detail) as Failure);
  if (detail) throw errors.GoogleAdsFailure.fromObject(detail);
  throw new Error(`Google Ads answered ${res.status}: ${body.error?.message ?? 'no details'}`);
}

/** The library's request builder (protected in its types, public at runtime): the exact message it sends. */
interface RequestBuilder {
  buildMutationRequestAndService(mutations: MutateOperation<unknown>[], options: object): { request: services.MutateGoogleAdsRequest };
}

/** An enum as Google's name: numbers (protobuf) through the library's enum, names (REST) as they are. */
export function enumName(values: Record<string | number, string | number>, value: unknown): string {
  if (typeof value === 'number') return String(values[value] ?? 'UNKNOWN');
  return typeof value === 'string' && value ? value : 'UNSPECIFIED';
}

const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function createGoogleAdsApiGateway(settings: GoogleAdsApiSettings): AdsGateway {
  const api = new GoogleAdsApi({ client_id: settings.clientId, client_secret: settings.clientSecret, developer_token: settings.developerToken });
  const apiUrl = settings.apiUrl?.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 60_000;

  function customerOf(account: AdsAccount, mutateOptions: object = {}): Customer {
    const hooks: Hooks = {};
    const customer = api.Customer(
      { customer_id: account.customerId, login_customer_id: account.loginCustomerId ?? undefined, refresh_token: account.refreshToken },
      hooks,
    );
    if (apiUrl) {
      const id = account.customerId;
      hooks.onMutationStart = async (args) => {
        if (args.isServiceCall) return;
        const { request } = (customer as unknown as RequestBuilder).buildMutationRequestAndService(args.mutations, mutateOptions);
        const cancel = args.cancel;
        cancel(services.MutateGoogleAdsResponse.fromObject(await relay(apiUrl, `customers/${id}/googleAds:mutate`, request, timeoutMs)));
      };
      hooks.onQueryStart = async ({ query, cancel }) => {
        const request = new services.SearchGoogleAdsRequest({ customer_id: id, query });
        const answer = await relay(apiUrl, `customers/${id}/googleAds:search`, request, timeoutMs, true);
        cancel(((answer.results as object[] | undefined) ?? []).map((row) => services.GoogleAdsRow.toObject(services.GoogleAdsRow.fromObject(row), { longs: String, enums: Number })));
      };
      hooks.onServiceStart = async ({ requestOptions, cancel }) => {
        const request = services.UploadClickConversionsRequest.fromObject(requestOptions as object);
        cancel(services.UploadClickConversionsResponse.fromObject(await relay(apiUrl, `customers/${id}:uploadClickConversions`, request, timeoutMs)));
      };
    }
    return customer;
  }

  return {
    async mutate(account, operations, options = {}): Promise<MutateResult> {
      const mutateOptions = { validate_only: options.validateOnly ?? false, partial_failure: false };
      try {
        const response = await customerOf(account, mutateOptions).mutateResources(operations as AdsOperation[], mutateOptions);
        const results = response.mutate_operation_responses ?? [];
        return {
          resourceNames: results.map((r) => {
            const one = Object.values(r ?? {}).find((v) => v && typeof v === 'object' && 'resource_name' in v) as { resource_name?: string } | undefined;
            return one?.resource_name ?? '';
          }),
        };
      } catch (err) {
        throw normalised(err);
      }
    },

    async findCampaign(account, name): Promise<FoundCampaign | null> {
      try {
        const customer = customerOf(account);
        const [campaign] = await customer.query(`SELECT campaign.resource_name, campaign.id FROM campaign WHERE campaign.name = ${quoted(name)} AND campaign.status != 'REMOVED' LIMIT 1`);
        const resourceName = campaign?.campaign?.resource_name;
        if (!resourceName) return null;
        const groups = await customer.query(`SELECT ad_group.resource_name FROM ad_group WHERE campaign.resource_name = ${quoted(resourceName)}`);
        return {
          resourceName,
          id: String(campaign.campaign?.id ?? resourceName.split('/').pop()),
          adGroups: groups.map((g) => g.ad_group?.resource_name ?? '').filter(Boolean),
        };
      } catch (err) {
        throw normalised(err);
      }
    },

    async conversionAction(account, name): Promise<string> {
      const customer = customerOf(account);
      const lookUp = async () => {
        const [found] = await customer.query(`SELECT conversion_action.id FROM conversion_action WHERE conversion_action.name = ${quoted(name)} AND conversion_action.status != 'REMOVED' LIMIT 1`);
        return found?.conversion_action?.id != null ? String(found.conversion_action.id) : null;
      };
      try {
        const known = await lookUp();
        if (known) return known;
        const response = await customer.mutateResources(
          [
            {
              entity: 'conversion_action',
              operation: 'create',
              resource: {
                resource_name: ResourceNames.conversionAction(account.customerId, '-1'),
                name,
                type: enums.ConversionActionType.UPLOAD_CLICKS,
                category: enums.ConversionActionCategory.BOOK_APPOINTMENT,
                status: enums.ConversionActionStatus.ENABLED,
                counting_type: enums.ConversionActionCountingType.ONE_PER_CLICK,
              },
            },
          ],
          {},
        );
        const created = response.mutate_operation_responses?.[0]?.conversion_action_result?.resource_name ?? '';
        return created.split('/').pop() ?? '';
      } catch (err) {
        const failure = normalised(err);
        // Another upload made it meanwhile (Google keeps the names unique): that one is ours too.
        if (failure instanceof AdsRequestRefused && failure.issues.some((i) => i.code === 'conversion_action_error:DUPLICATE_NAME')) {
          const made = await lookUp().catch(() => null);
          if (made) return made;
        }
        throw failure;
      }
    },

    async uploadClickConversion(account, conversion: ClickConversion): Promise<void> {
      const customerId = account.customerId;
      const request = new services.UploadClickConversionsRequest({
        customer_id: customerId,
        // Google: partial_failure "should always be true" for uploads; a refused row is read from partial_failure_error.
        partial_failure: true,
        validate_only: false,
        conversions: [
          {
            gclid: conversion.gclid,
            conversion_action: `customers/${customerId}/conversionActions/${conversion.conversionActionId}`,
            conversion_date_time: conversion.conversionDateTime,
            order_id: conversion.orderId,
            currency_code: conversion.currencyCode,
            ...(conversion.value != null ? { conversion_value: conversion.value } : {}),
          },
        ],
      });
      let response: services.UploadClickConversionsResponse;
      try {
        response = (await customerOf(account).conversionUploads.uploadClickConversions(request)) as services.UploadClickConversionsResponse;
      } catch (err) {
        throw normalised(err);
      }
      // The library does not decode partial failures of this service (notes §5).
      const detail = response.partial_failure_error?.details?.find((d) => d.type_url?.includes('errors.GoogleAdsFailure'));
      if (detail?.value && detail.value.length > 0) throw normalised(errors.GoogleAdsFailure.decode(detail.value as Uint8Array));
    },

    async campaignAds(account, campaignId): Promise<CampaignAd[]> {
      if (!/^\d+$/.test(campaignId)) throw new RangeError(`Not a campaign id: ${campaignId}`);
      try {
        const rows = await customerOf(account).query(
          `SELECT ad_group_ad.ad.resource_name, ad_group_ad.ad.id, ad_group_ad.ad.final_urls, ad_group_ad.ad.responsive_search_ad.headlines, ad_group_ad.ad.responsive_search_ad.descriptions, ad_group.name FROM ad_group_ad WHERE campaign.id = ${campaignId} AND ad_group_ad.status != 'REMOVED' ORDER BY ad_group_ad.ad.id`,
        );
        const texts = (assets: ReadonlyArray<{ text?: string | null }> | null | undefined) => (assets ?? []).map((a) => String(a.text ?? ''));
        return rows.flatMap((row) => {
          const ad = row.ad_group_ad?.ad;
          const resourceName = ad?.resource_name ?? (ad?.id != null ? `customers/${account.customerId}/ads/${ad.id}` : '');
          if (!resourceName) return [];
          const rsa = ad?.responsive_search_ad;
          return [
            {
              resourceName,
              adId: String(ad?.id ?? resourceName.split('/').pop()),
              adGroupName: String(row.ad_group?.name ?? ''),
              finalUrls: (ad?.final_urls ?? []).map(String),
              headlines: texts(rsa?.headlines),
              descriptions: texts(rsa?.descriptions),
            },
          ];
        });
      } catch (err) {
        throw normalised(err);
      }
    },

    async campaignState(account, campaignId): Promise<CampaignState | null> {
      if (!/^\d+$/.test(campaignId)) throw new RangeError(`Not a campaign id: ${campaignId}`);
      try {
        const customer = customerOf(account);
        const [row] = await customer.query(
          `SELECT campaign.resource_name, campaign.id, campaign.name, campaign.status, campaign.serving_status, campaign_budget.resource_name, campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${campaignId} LIMIT 1`,
        );
        if (!row?.campaign?.resource_name) return null;
        const ads = await customer.query(
          `SELECT ad_group_ad.ad.id, ad_group_ad.status, ad_group_ad.policy_summary.approval_status, ad_group_ad.policy_summary.review_status, ad_group.name FROM ad_group_ad WHERE campaign.id = ${campaignId} AND ad_group_ad.status != 'REMOVED'`,
        );
        return {
          resourceName: row.campaign.resource_name,
          id: String(row.campaign.id ?? campaignId),
          name: String(row.campaign.name ?? ''),
          status: enumName(enums.CampaignStatus as never, row.campaign.status),
          servingStatus: enumName(enums.CampaignServingStatus as never, row.campaign.serving_status),
          budgetResourceName: row.campaign_budget?.resource_name ?? '',
          budgetMicros: wholeNumber(row.campaign_budget?.amount_micros),
          ads: ads.map((a) => ({
            adId: String(a.ad_group_ad?.ad?.id ?? ''),
            adGroup: String(a.ad_group?.name ?? ''),
            status: enumName(enums.AdGroupAdStatus as never, a.ad_group_ad?.status),
            approvalStatus: enumName(enums.PolicyApprovalStatus as never, a.ad_group_ad?.policy_summary?.approval_status),
            reviewStatus: enumName(enums.PolicyReviewStatus as never, a.ad_group_ad?.policy_summary?.review_status),
          })),
        };
      } catch (err) {
        throw normalised(err);
      }
    },

    async performance(account, range: DayRange): Promise<PerformanceReport> {
      const queries = performanceQueries(range);
      try {
        const customer = customerOf(account);
        const campaigns = await customer.query(queries.campaigns);
        const keywords = await customer.query(queries.keywords);
        const searchTerms = await customer.query(queries.searchTerms);
        const states = await customer.query(CAMPAIGN_STATES_QUERY);
        return {
          states: states.map((row) => ({
            campaignId: String(row.campaign?.id ?? ''),
            status: enumName(enums.CampaignStatus as never, row.campaign?.status),
            servingStatus: enumName(enums.CampaignServingStatus as never, row.campaign?.serving_status),
            budgetMicros: wholeNumber(row.campaign_budget?.amount_micros),
            budgetLimited: (row.campaign?.primary_status_reasons ?? []).some(
              (reason: unknown) => enumName(enums.CampaignPrimaryStatusReason as never, reason) === 'BUDGET_CONSTRAINED',
            ),
          })),
          campaigns: campaigns.map((row) => campaignDayOf(row as never)),
          keywords: keywords.map((row) => keywordDayOf(row as never)),
          searchTerms: searchTerms.map((row) => searchTermDayOf(row as never)).filter((row) => row.searchTerm !== ''),
        };
      } catch (err) {
        throw normalised(err);
      }
    },
  };
}
