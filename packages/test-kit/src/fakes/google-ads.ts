import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, services } from 'google-ads-api';
import { REFUSALS, rsaTextsOf, seededCampaign, updatesOf, type FakeCampaign, type FakeDayMetrics, type FakeGoogleAdsScript, type Json } from './google-ads-script';

/**
 * The Google Ads API as launches, tests and conversion uploads use it, on a
 * loopback port, taking the library's request messages as JSON on Google's
 * REST paths (the ads service's GOOGLE_ADS_API_URL):
 * - `POST /v25/customers/{id}/googleAds:mutate`: checks the request against
 *   the message types and a few of Google's rules (30-character headlines,
 *   90-character descriptions, campaign names unique in an account, scripted
 *   policy violations on keywords, honouring exemption keys), answers a
 *   GoogleAdsFailure or applies it atomically (nothing with validate_only);
 * - `POST /v25/customers/{id}/googleAds:search`: a campaign by name, a
 *   campaign's ad groups;
 *   and the performance reports (campaign, keyword_view and search_term_view metrics by
 *   segments.date, within the query's BETWEEN range, from scripted rows per
 *   customer), refusing a report without a date range; scripted report
 *   failures come as Google's REST JSON sends them (camelCase, the quota's
 *   retryDelay as "3s"): quota exhausted, permission denied, account not enabled;
 * - `POST /v25/customers/{id}:uploadClickConversions`: records click
 *   conversions, refusing a repeated order id as Google does (partial failure);
 *   conversion actions are created by mutate and found by search.
 * - campaigns after launch: `campaign_operation.update` (status),
 *   `campaign_budget_operation.update` (amount_micros) and `ad_operation.update`
 *   (an ad's final_urls, when its page moved; its responsive search ad's texts, checked as on create), campaign negative keywords
 *   (`campaign_criterion_operation` create with negative, and remove; a
 *   repeated one refused as CRITERION_ALREADY_EXISTS), a reported keyword's
 *   status (`ad_group_criterion_operation.update`), validate_only honoured,
 *   unknown resources refused as Google does; GAQL reads of a campaign by id
 *   (status, serving status, its budget) and of its ads (policy summary, texts, final URLs).
 * Scripts: `POST /__fake/script` (policy keywords, a quota error, a dropped
 * connection after committing); `GET /__fake/state` shows what exists.
 */
export type { FakeCampaignDay, FakeDayMetrics, FakeGoogleAdsScript, FakeKeywordDay, FakeSearchTermDay } from './google-ads-script';

const HEADLINE_MAX = 30;
const DESCRIPTION_MAX = 90;

export async function startFakeGoogleAds() {
  let script: FakeGoogleAdsScript = {};
  const campaigns: FakeCampaign[] = [];
  const conversionActions: Array<{ customerId: string; id: string; name: string }> = [];
  const conversions: Array<{ customerId: string; gclid: string; orderId: string; conversionAction: string; dateTime: string; value: number | null }> = [];
  const calls: Array<{ kind: 'mutate' | 'search' | 'upload'; customerId: string; validateOnly: boolean; operations: number; query?: string; at?: number; updates?: string[] }> = [];
  let nextId = 1000;
  /** Every ad of a customer's campaigns, by its resource name (customers/{id}/ads/{adId}), with its campaign. */
  const adsOf = (customerId: string) =>
    campaigns
      .filter((c) => c.customerId === customerId && c.status !== 'REMOVED')
      .flatMap((campaign) =>
        campaign.adGroups.flatMap((g) => (g.adPolicies ?? []).map((policy) => ({ resourceName: `customers/${customerId}/ads/${policy.adId}`, policy, campaign }))),
      );

  const failure = (res: ServerResponse, errs: Json[], status = 400) =>
    json(res, status, {
      error: {
        code: 3,
        message: 'Request contains an invalid argument.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.ads.googleads.v25.errors.GoogleAdsFailure', errors: errs, request_id: `req-${nextId++}` }],
      },
    });

  function mutate(customerId: string, body: Json, res: ServerResponse) {
    const message = services.MutateGoogleAdsRequest.fromObject(body);
    const plain = services.MutateGoogleAdsRequest.toObject(message, { enums: Number, longs: Number });
    const problem = services.MutateGoogleAdsRequest.verify(plain);
    if (problem) return failure(res, [{ error_code: { request_error: 'UNKNOWN' }, message: problem }]);
    const request = services.MutateGoogleAdsRequest.toObject(message, { enums: String, longs: String }) as Json;
    const ops: Json[] = request.mutate_operations ?? [];
    const updates = updatesOf(ops);
    calls.push({ kind: 'mutate', customerId, validateOnly: Boolean(request.validate_only), operations: ops.length, ...(updates.length ? { updates } : {}) });

    if (script.quota && script.quota.times > 0) {
      script.quota.times -= 1;
      return failure(res, [
        {
          error_code: { quota_error: 'RESOURCE_EXHAUSTED' },
          message: 'Too many requests. Retry in some time.',
          details: { quota_error_details: { rate_scope: 'DEVELOPER', rate_name: 'Number of operations for basic access', retry_delay: { seconds: script.quota.retrySeconds } } },
        },
      ], 429);
    }

    const errs: Json[] = [];
    const at = (i: number, ...path: Array<string | [string, number]>) => ({
      field_path_elements: [{ field_name: 'mutate_operations', index: i }, ...path.map((p) => (typeof p === 'string' ? { field_name: p } : { field_name: p[0], index: p[1] }))],
    });
    ops.forEach((op, i) => {
      const [kind, value] = Object.entries(op)[0] as [string, Json];
      const created: Json = value.create ?? {};
      if (value.update) {
        const target = String(value.update.resource_name ?? '');
        const known =
          kind === 'campaign_operation'
            ? campaigns.some((c) => c.customerId === customerId && c.resourceName === target && c.status !== 'REMOVED')
            : kind === 'campaign_budget_operation'
              ? campaigns.some((c) => c.customerId === customerId && c.budgetResourceName === target)
              : kind === 'ad_operation'
                ? adsOf(customerId).some((a) => a.resourceName === target)
                : kind === 'ad_group_criterion_operation'
                  ? (script.performance?.[customerId]?.keywords ?? []).some((k) => target === `customers/${customerId}/adGroupCriteria/${k.adGroupId}~${k.criterionId}`)
                  : false;
        // Google changes only the fields the update mask names (an ad's texts: responsive_search_ad.headlines, .descriptions).
        const masked: string[] = value.update_mask?.paths ?? [];
        if (kind === 'ad_operation' && value.update.responsive_search_ad && !['headlines', 'descriptions'].every((f) => masked.includes(`responsive_search_ad.${f}`)))
          errs.push({ error_code: { field_mask_error: 'FIELD_NOT_FOUND' }, message: `The update mask does not name the ad's texts: ${masked.join(', ')}`, location: at(i, kind, 'update_mask') });
        if (!known) errs.push({ error_code: { mutate_error: 'RESOURCE_NOT_FOUND' }, message: 'The requested resource was not found.', trigger: { string_value: target }, location: at(i, kind, 'update', 'resource_name') });
        else if (script.refuseUpdates) errs.push({ error_code: script.refuseUpdates.errorCode, message: script.refuseUpdates.message, location: at(i, kind, 'update') });
      }
      // A campaign negative keyword (docs/campaigns.md#recommendations); a launch's own criteria (locations) name its new campaign.
      if (kind === 'campaign_criterion_operation' && value.create?.negative && value.create?.keyword) {
        const target = campaigns.find((c) => c.customerId === customerId && c.resourceName === String(created.campaign ?? '') && c.status !== 'REMOVED');
        const text = String(created.keyword?.text ?? '');
        if (!target) errs.push({ error_code: { mutate_error: 'RESOURCE_NOT_FOUND' }, message: 'The requested resource was not found.', trigger: { string_value: String(created.campaign ?? '') }, location: at(i, kind, 'create', 'campaign') });
        else if (target.negatives?.some((n) => n.text === text && n.matchType === String(created.keyword?.match_type)))
          errs.push({ error_code: { criterion_error: 'CRITERION_ALREADY_EXISTS' }, message: 'The criterion already exists.', trigger: { string_value: text }, location: at(i, kind, 'create', 'keyword', 'text') });
      }
      if (kind === 'campaign_criterion_operation' && value.remove && !campaigns.some((c) => c.negatives?.some((n) => n.resourceName === String(value.remove)))) {
        errs.push({ error_code: { mutate_error: 'RESOURCE_NOT_FOUND' }, message: 'The requested resource was not found.', trigger: { string_value: String(value.remove) }, location: at(i, kind, 'remove') });
      }
      if (kind === 'campaign_operation' && campaigns.some((c) => c.customerId === customerId && c.name === created.name && c.status !== 'REMOVED')) {
        errs.push({ error_code: { campaign_error: 'DUPLICATE_CAMPAIGN_NAME' }, message: 'A campaign with this name already exists.', trigger: { string_value: created.name }, location: at(i, kind, 'create', 'name') });
      }
      if (kind === 'conversion_action_operation' && conversionActions.some((a) => a.customerId === customerId && a.name === created.name)) {
        errs.push({ error_code: { conversion_action_error: 'DUPLICATE_NAME' }, message: 'A conversion action with this name already exists.', location: at(i, kind, 'create', 'name') });
      }
      if (kind === 'ad_group_ad_operation' || (kind === 'ad_operation' && value.update)) {
        const rsa: Json = (kind === 'ad_operation' ? value.update : created.ad)?.responsive_search_ad ?? {};
        const where = kind === 'ad_operation' ? ['update', 'responsive_search_ad'] : ['create', 'ad', 'responsive_search_ad'];
        (rsa.headlines ?? []).forEach((h: Json, n: number) => {
          if (String(h.text).length > HEADLINE_MAX) errs.push({ error_code: { string_length_error: 'TOO_LONG' }, message: 'Too long.', trigger: { string_value: h.text }, location: at(i, kind, ...where, ['headlines', n], 'text') });
        });
        (rsa.descriptions ?? []).forEach((d: Json, n: number) => {
          if (String(d.text).length > DESCRIPTION_MAX) errs.push({ error_code: { string_length_error: 'TOO_LONG' }, message: 'Too long.', trigger: { string_value: d.text }, location: at(i, kind, ...where, ['descriptions', n], 'text') });
        });
      }
      if (kind === 'ad_group_criterion_operation' && created.keyword) {
        const text = String(created.keyword.text);
        const exempt: Json[] = value.exempt_policy_violation_keys ?? [];
        for (const rule of script.policyKeywords ?? []) {
          if (!text.toLowerCase().includes(rule.text.toLowerCase())) continue;
          if (rule.exemptible && exempt.some((k) => k.policy_name === rule.policyName && k.violating_text === text)) continue;
          errs.push({
            error_code: { policy_violation_error: 'POLICY_ERROR' },
            message: 'A policy was violated. See PolicyViolationDetails for more detail.',
            trigger: { string_value: text },
            location: at(i, kind, 'create', 'keyword', 'text'),
            details: { policy_violation_details: { external_policy_name: 'Healthcare and medicines', external_policy_description: 'Health in personalized advertising', key: { policy_name: rule.policyName, violating_text: text }, is_exemptible: rule.exemptible } },
          });
        }
      }
    });
    if (errs.length) return failure(res, errs);
    if (request.validate_only) return json(res, 200, { mutate_operation_responses: [] });

    // Apply: temporary names (negative ids) become real ones, in order.
    const real = new Map<string, string>();
    const resolve = (name: string | undefined) => (name ? (real.get(name) ?? name) : name);
    const named = (temp: string | undefined, type: string) => {
      const name = `customers/${customerId}/${type}/${nextId++}`;
      if (temp) real.set(temp, name);
      return name;
    };
    let campaign: FakeCampaign | null = null;
    const groups = new Map<string, FakeCampaign['adGroups'][number]>();
    const budgets = new Map<string, string>();
    const responses = ops.map((op) => {
      const [kind, value] = Object.entries(op)[0] as [string, Json];
      const created: Json = value.create ?? {};
      const entity = kind.replace(/_operation$/, '');
      let resourceName = '';
      if (entity === 'campaign_criterion' && value.remove) {
        resourceName = String(value.remove);
        for (const c of campaigns) c.negatives = c.negatives?.filter((n) => n.resourceName !== resourceName);
      } else if (entity === 'campaign_criterion' && created.negative && created.keyword) {
        const target = campaigns.find((c) => c.customerId === customerId && c.resourceName === String(created.campaign));
        resourceName = `customers/${customerId}/campaignCriteria/${target?.id ?? '0'}~${nextId++}`;
        (target!.negatives ??= []).push({ resourceName, text: String(created.keyword?.text ?? ''), matchType: String(created.keyword?.match_type ?? '') });
      } else if (value.update) {
        const update: Json = value.update;
        resourceName = String(update.resource_name);
        for (const c of campaigns.filter((x) => x.customerId === customerId)) {
          if (entity === 'campaign' && c.resourceName === resourceName && update.status) c.status = String(update.status);
          if (entity === 'campaign_budget' && c.budgetResourceName === resourceName && update.amount_micros != null) c.budgetMicros = String(update.amount_micros);
        }
        if (entity === 'ad') {
          const ad = adsOf(customerId).find((a) => a.resourceName === resourceName);
          if (ad && Array.isArray(update.final_urls)) {
            ad.policy.finalUrls = (update.final_urls as unknown[]).map(String);
            ad.campaign.finalUrls.push(...ad.policy.finalUrls);
          }
          if (ad && update.responsive_search_ad) Object.assign(ad.policy, rsaTextsOf(update));
        }
      } else if (entity === 'campaign_budget') {
        resourceName = named(created.resource_name, 'campaignBudgets');
        budgets.set(resourceName, String(created.amount_micros ?? '0'));
      } else if (entity === 'campaign') {
        resourceName = named(created.resource_name, 'campaigns');
        campaign = {
          customerId,
          id: resourceName.split('/').pop()!,
          resourceName,
          name: created.name,
          status: created.status,
          budgetMicros: budgets.get(resolve(created.campaign_budget) ?? '') ?? '0',
          budgetResourceName: resolve(created.campaign_budget) ?? '',
          finalUrlSuffix: created.final_url_suffix ?? null,
          adGroups: [],
          assets: 0,
          finalUrls: [],
        };
      } else if (entity === 'ad_group') {
        resourceName = named(created.resource_name, 'adGroups');
        const group = { resourceName, name: created.name, keywords: [], ads: 0, exclusions: 0 };
        groups.set(resourceName, group);
        (campaign as FakeCampaign | null)?.adGroups.push(group);
      } else if (entity === 'ad_group_criterion') {
        const group = groups.get(resolve(created.ad_group) ?? '');
        resourceName = `${resolve(created.ad_group)}~criteria/${nextId++}`.replace('/adGroups/', '/adGroupCriteria/');
        if (created.keyword) group?.keywords.push({ text: created.keyword.text, matchType: created.keyword.match_type, exempted: (value.exempt_policy_violation_keys ?? []).length > 0 });
        else if (group) group.exclusions += 1;
      } else if (entity === 'ad_group_ad') {
        const group = groups.get(resolve(created.ad_group) ?? '');
        if (group) {
          group.ads += 1;
          const policy = script.adPolicy ?? { approvalStatus: 'APPROVED', reviewStatus: 'REVIEWED' };
          (group.adPolicies ??= []).push({ adId: String(nextId), ...policy, finalUrls: ((created.ad?.final_urls as string[] | undefined) ?? []).map(String), ...rsaTextsOf(created.ad) });
        }
        (campaign as FakeCampaign | null)?.finalUrls.push(...((created.ad?.final_urls as string[] | undefined) ?? []));
        resourceName = `customers/${customerId}/adGroupAds/${nextId++}`;
      } else if (entity === 'conversion_action') {
        resourceName = named(created.resource_name, 'conversionActions');
        conversionActions.push({ customerId, id: resourceName.split('/').pop()!, name: created.name });
      } else if (entity === 'asset') {
        resourceName = named(created.resource_name, 'assets');
        if (campaign) {
          (campaign as FakeCampaign).assets += 1;
          (campaign as FakeCampaign).finalUrls.push(...((created.final_urls as string[] | undefined) ?? []));
        }
      } else {
        resourceName = `customers/${customerId}/${entity}/${nextId++}`;
      }
      return { [`${entity}_result`]: { resource_name: resourceName } };
    });
    if (campaign) campaigns.push(campaign);
    if ((script.dropAfterCommit ?? 0) > 0) {
      script.dropAfterCommit! -= 1;
      res.socket?.destroy();
      return;
    }
    return json(res, 200, { mutate_operation_responses: responses });
  }

  /** A failure as Google's REST JSON carries it (what the library's reports read). */
  const restFailure = (res: ServerResponse, status: number, rpcStatus: string, message: string, errs: Json[]) =>
    json(res, status, {
      error: {
        code: status,
        message,
        status: rpcStatus,
        details: [{ '@type': 'type.googleapis.com/google.ads.googleads.v25.errors.GoogleAdsFailure', errors: errs, requestId: `req-${nextId++}` }],
      },
    });

  /** metrics by segments.date: campaigns or keywords, in the query's range. */
  function report(customerId: string, query: string, res: ServerResponse) {
    const failing = script.reportErrors?.[customerId];
    if (failing && 'quota' in failing && failing.quota.times > 0) {
      failing.quota.times -= 1;
      const seconds = failing.quota.retrySeconds;
      return restFailure(res, 429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).', [
        {
          errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
          message: `Too many requests. Retry in ${seconds} seconds.`,
          details: { quotaErrorDetails: { rateScope: 'DEVELOPER', rateName: 'Number of operations for basic access', retryDelay: `${seconds}s` } },
        },
      ]);
    }
    if (failing && 'refused' in failing) {
      return restFailure(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission', [{ errorCode: { authorizationError: failing.refused }, message: REFUSALS[failing.refused] }]);
    }
    const range = /segments\.date\s+BETWEEN\s+'(\d{4}-\d{2}-\d{2})'\s+AND\s+'(\d{4}-\d{2}-\d{2})'/i.exec(query);
    if (!range) {
      return restFailure(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
        { errorCode: { queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' }, message: 'segments.date in SELECT needs a finite date range in WHERE.' },
      ]);
    }
    const [, from, to] = range as unknown as [string, string, string];
    const inRange = (d: FakeDayMetrics) => d.date >= from && d.date <= to;
    const sharing = /metrics\.search_impression_share\b/i.test(query);
    const metrics = (d: FakeDayMetrics) => ({
      impressions: String(d.impressions),
      clicks: String(d.clicks),
      cost_micros: String(d.costMicros),
      conversions: d.conversions,
      conversions_value: d.conversionValue,
      ...(sharing && d.searchImpressionShare !== undefined ? { search_impression_share: d.searchImpressionShare } : {}),
    });
    const scripted = script.performance?.[customerId] ?? {};
    if (/FROM\s+search_term_view\b/i.test(query)) {
      // Google refuses the metric on search terms (not selectable with search_term_view).
      if (sharing) {
        return restFailure(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
          { errorCode: { queryError: 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE' }, message: "Cannot select or filter on the following metrics: 'search_impression_share'." },
        ]);
      }
      return json(res, 200, {
        results: (scripted.searchTerms ?? []).filter(inRange).map((t) => ({
          campaign: { id: t.campaignId },
          ad_group: { id: t.adGroupId },
          search_term_view: { search_term: t.searchTerm },
          segments: { date: t.date },
          metrics: metrics(t),
        })),
      });
    }
    if (/FROM\s+keyword_view\b/i.test(query)) {
      return json(res, 200, {
        results: (scripted.keywords ?? []).filter(inRange).map((k) => ({
          campaign: { id: k.campaignId },
          ad_group: { id: k.adGroupId, name: k.adGroupName },
          ad_group_criterion: { criterion_id: k.criterionId, keyword: { text: k.text, match_type: k.matchType } },
          segments: { date: k.date },
          metrics: metrics(k),
        })),
      });
    }
    return json(res, 200, {
      results: (scripted.campaigns ?? []).filter(inRange).map((c) => ({ campaign: { id: c.campaignId, name: c.campaignName }, segments: { date: c.date }, metrics: metrics(c) })),
    });
  }

  function search(customerId: string, body: Json, res: ServerResponse) {
    const query = String(body.query ?? '');
    calls.push({ kind: 'search', customerId, validateOnly: false, operations: 0, query, at: Date.now() });
    if (/\bmetrics\./i.test(query)) return report(customerId, query, res);
    const literal = /=\s*'((?:[^'\\]|\\.)*)'/.exec(query)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
    const own = campaigns.filter((c) => c.customerId === customerId && c.status !== 'REMOVED');
    const byId = /\bcampaign\.id\s*=\s*(\d+)/i.exec(query)?.[1];
    // The account's campaigns now (the hourly read's fourth query): each with its budget.
    if (!byId && /campaign\.serving_status/i.test(query) && /FROM\s+campaign\b/i.test(query)) {
      return json(res, 200, {
        results: own.map((c) => ({
          campaign: {
            id: c.id,
            status: c.status,
            serving_status: 'SERVING',
            primary_status_reasons: script.budgetLimited?.includes(c.id) ? ['BUDGET_CONSTRAINED'] : [],
          },
          campaign_budget: { amount_micros: c.budgetMicros },
        })),
      });
    }
    if (byId && /FROM\s+campaign\b/i.test(query)) {
      return json(res, 200, {
        results: own
          .filter((c) => c.id === byId)
          .map((c) => ({
            campaign: { resource_name: c.resourceName, id: c.id, name: c.name, status: c.status, serving_status: 'SERVING' },
            campaign_budget: { resource_name: c.budgetResourceName, amount_micros: c.budgetMicros },
          })),
      });
    }
    if (byId && /FROM\s+ad_group_ad\b/i.test(query)) {
      const found = own.find((c) => c.id === byId);
      return json(res, 200, {
        results: (found?.adGroups ?? []).flatMap((g) =>
          (g.adPolicies ?? []).map((p) => ({
            ad_group: { name: g.name },
            ad_group_ad: {
              status: 'ENABLED',
              ad: {
                id: p.adId,
                resource_name: `customers/${customerId}/ads/${p.adId}`,
                final_urls: p.finalUrls ?? [],
                ...(p.headlines ? { responsive_search_ad: { headlines: p.headlines.map((text) => ({ text })), descriptions: (p.descriptions ?? []).map((text) => ({ text })) } } : {}),
              },
              policy_summary: { approval_status: p.approvalStatus, review_status: p.reviewStatus },
            },
          })),
        ),
      });
    }
    if (/FROM\s+campaign\b/i.test(query)) {
      if ((script.searchBlind ?? 0) > 0) {
        script.searchBlind! -= 1;
        return json(res, 200, { results: [] });
      }
      return json(res, 200, { results: own.filter((c) => c.name === literal).map((c) => ({ campaign: { resource_name: c.resourceName, id: c.id, name: c.name } })) });
    }
    if (/FROM\s+conversion_action\b/i.test(query)) {
      return json(res, 200, { results: conversionActions.filter((a) => a.customerId === customerId && a.name === literal).map((a) => ({ conversion_action: { id: a.id, name: a.name } })) });
    }
    if (/FROM\s+ad_group\b/i.test(query)) {
      const found = own.find((c) => c.resourceName === literal);
      return json(res, 200, { results: (found?.adGroups ?? []).map((g) => ({ ad_group: { resource_name: g.resourceName, name: g.name } })) });
    }
    return failure(res, [{ error_code: { query_error: 'UNEXPECTED_END_OF_QUERY' }, message: `The fake does not answer: ${query}` }]);
  }

  function upload(customerId: string, body: Json, res: ServerResponse) {
    const request = services.UploadClickConversionsRequest.toObject(services.UploadClickConversionsRequest.fromObject(body), { longs: String, enums: String }) as Json;
    calls.push({ kind: 'upload', customerId, validateOnly: Boolean(request.validate_only), operations: (request.conversions ?? []).length });
    const errs: Json[] = [];
    const results: Json[] = [];
    (request.conversions ?? []).forEach((c: Json, i: number) => {
      const where = { field_path_elements: [{ field_name: 'conversions', index: i }] };
      if (!/^[A-Za-z0-9_-]{10,}$/.test(String(c.gclid ?? ''))) {
        errs.push({ error_code: { conversion_upload_error: 'UNPARSEABLE_GCLID' }, message: 'The click identifier could not be parsed.', location: where });
      } else if (!/[+-]\d\d:\d\d$/.test(String(c.conversion_date_time ?? ''))) {
        errs.push({ error_code: { date_error: 'INVALID_STRING_DATE_TIME_SECONDS_WITH_OFFSET' }, message: 'The date time lacks its UTC offset.', location: where });
      } else if ((script.conversionTooRecent ?? 0) > 0) {
        script.conversionTooRecent! -= 1;
        errs.push({ error_code: { conversion_upload_error: 'TOO_RECENT_CONVERSION_ACTION' }, message: 'The conversion action was created too recently.', location: where });
      } else if (conversions.some((x) => x.customerId === customerId && x.orderId === c.order_id)) {
        errs.push({ error_code: { conversion_upload_error: 'CLICK_CONVERSION_ALREADY_EXISTS' }, message: 'A conversion with this order id was already uploaded.', location: where });
      } else {
        conversions.push({ customerId, gclid: c.gclid, orderId: c.order_id, conversionAction: c.conversion_action, dateTime: c.conversion_date_time, value: c.conversion_value ?? null });
        results.push({ gclid: c.gclid, conversion_action: c.conversion_action, conversion_date_time: c.conversion_date_time });
      }
    });
    const partial = errs.length
      ? {
          code: 3,
          message: errs.map((e) => e.message).join(', '),
          details: [{ type_url: 'type.googleapis.com/google.ads.googleads.v25.errors.GoogleAdsFailure', value: Buffer.from(errors.GoogleAdsFailure.encode(errors.GoogleAdsFailure.fromObject({ errors: errs })).finish()).toString('base64') }],
        }
      : undefined;
    return json(res, 200, { results, ...(partial ? { partial_failure_error: partial } : {}) });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: Json = {};
      try {
        body = raw ? (JSON.parse(raw) as Json) : {};
      } catch {
        return json(res, 400, { error: { code: 3, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } });
      }
      if (req.method === 'POST' && url.pathname === '/__fake/script') {
        script = body as FakeGoogleAdsScript;
        return json(res, 200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/__fake/campaigns') {
        // A campaign that exists already (made outside this request's view), by customer and name.
        const made = seededCampaign(body, () => String(nextId++));
        campaigns.push(made);
        return json(res, 201, made);
      }
      if (req.method === 'GET' && url.pathname === '/__fake/state') return json(res, 200, { campaigns, conversionActions, conversions, calls });
      let m = /^\/v25\/customers\/(\d+)\/googleAds:(mutate|search)$/.exec(url.pathname);
      if (req.method === 'POST' && m) return m[2] === 'mutate' ? mutate(m[1]!, body, res) : search(m[1]!, body, res);
      m = /^\/v25\/customers\/(\d+):uploadClickConversions$/.exec(url.pathname);
      if (req.method === 'POST' && m) return upload(m[1]!, body, res);
      return json(res, 404, { error: { code: 5, message: `Not found: ${url.pathname}`, status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    script(next: FakeGoogleAdsScript) {
      script = next;
    },
    campaigns: () => campaigns,
    conversions: () => conversions,
    conversionActions: () => conversionActions,
    calls: () => calls,
    reset() {
      script = {};
      campaigns.length = 0;
      conversions.length = 0;
      conversionActions.length = 0;
      calls.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeGoogleAds = Awaited<ReturnType<typeof startFakeGoogleAds>>;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
