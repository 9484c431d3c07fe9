/**
 * The campaign preview data of admin spec §3 (Campaign preview data): what
 * the Campaign Preview dialog shows and what a launch sends, built from a
 * template campaign for one clinic's service.
 */
import { Messages, type CampaignPreview, type TemplateCampaign } from '@hap/contracts';

/** The placeholder a sitelink's link may hold: the service's landing URL (admin spec §3). */
export const CLIENT_WEBSITE_PLACEHOLDER = '{{CLIENT_WEBSITE}}';

export interface PreviewClinic {
  name: string;
  /** The host its pages answer on (www.clinic.com); null when it has none. */
  domain: string | null;
  phone: string | null;
  address: string | null;
}

export interface PreviewService {
  name: string;
  /** The service's page path on the clinic's site (trt). */
  path: string;
}

export interface PreviewOptions {
  /** 'B': the landing URL asks for the find-a-provider style (DESIGN §9.3). */
  styleParam?: 'B' | null;
  /** Promotions as the preview shows them; none are written by templates yet. */
  promotions?: PreviewPromotion[];
}

export type PreviewPromotion = CampaignPreview['campaign']['extensions']['promotions'][number];

/** A clinic without a domain has no landing URL yet: the preview says so rather than invent one. */
export class MissingDomainError extends Error {
  constructor(readonly clinic: string) {
    super(Messages.clinicWithoutDomain(clinic));
    this.name = 'MissingDomainError';
  }
}

const trimSlashes = (value: string) => value.replace(/^\/+|\/+$/g, '');

/** `https://{domain}/{path}`, with `?style=B` for Template B (admin spec §3, §7). */
export function landingUrlOf(domain: string, path: string, styleParam?: 'B' | null): string {
  const host = domain.trim().replace(/^https?:\/\//i, '').replace(/\/.*$/, '').toLowerCase();
  const url = new URL(`https://${host}/${trimSlashes(path.trim())}`);
  if (styleParam === 'B') url.searchParams.set('style', 'B');
  return url.toString();
}

/**
 * Where a sitelink goes: the placeholder becomes the landing URL, a path is
 * taken on the clinic's site, a full URL stays as it is, nothing at all is
 * the landing URL.
 */
export function sitelinkUrl(link: string | null, landingUrl: string): string {
  const value = (link ?? '').trim();
  if (!value) return landingUrl;
  if (value.includes(CLIENT_WEBSITE_PLACEHOLDER)) {
    const rest = value.replace(CLIENT_WEBSITE_PLACEHOLDER, '');
    if (!rest) return landingUrl;
    // {{CLIENT_WEBSITE}}#book or {{CLIENT_WEBSITE}}?x=1 keep their tail on the landing URL; a path joins the site.
    if (/^[?#]/.test(rest)) return `${landingUrl}${rest}`;
    return new URL(rest.replace(/^\/*/, '/'), landingUrl).toString();
  }
  if (/^https?:\/\//i.test(value)) return value;
  return new URL(value.startsWith('/') ? value : `/${value}`, landingUrl).toString();
}

export function buildCampaignPreview(clinic: PreviewClinic, service: PreviewService, campaign: TemplateCampaign, options: PreviewOptions = {}): CampaignPreview {
  if (!clinic.domain?.trim()) throw new MissingDomainError(clinic.name);
  const landingUrl = landingUrlOf(clinic.domain, service.path, options.styleParam);
  const phone = clinic.phone?.trim() || null;
  const address = clinic.address?.trim() || null;
  return {
    serviceName: service.name,
    clientName: clinic.name,
    landingUrl,
    clientPhone: phone,
    clientAddress: address,
    campaign: {
      // A campaign sent back from this preview (the launch's preview call shape) is named already.
      name: campaign.name.startsWith(`${clinic.name} - `) ? campaign.name : `${clinic.name} - ${campaign.name}`,
      adGroups: campaign.adGroups.map((group) => ({
        name: group.name,
        keywordType: group.keywordType,
        keywords: group.keywords.map((k) => k.trim()).filter(Boolean),
        ads: group.ads.map((ad) => ({ headlines: ad.headlines, descriptions: ad.descriptions, finalUrl: landingUrl })),
      })),
      extensions: {
        sitelinks: campaign.extensions.sitelinks.map((s) => ({
          text: s.linkText,
          description: s.description1,
          description2: s.description2,
          finalUrl: sitelinkUrl(s.finalUrl, landingUrl),
        })),
        callouts: campaign.extensions.callouts,
        promotions: options.promotions ?? [],
        call: phone ? { phone } : null,
        location: address ? { address } : null,
      },
    },
  };
}
