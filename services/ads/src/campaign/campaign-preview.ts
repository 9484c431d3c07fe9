/**
 * The campaign preview data of docs/admin.md#records (Campaign preview data): what
 * the Campaign Preview dialog shows and what a launch sends, built from a
 * template campaign for one clinic's service.
 */
import { messageMatchUrl, type CampaignPreview, type TemplateCampaign } from '@hap/contracts';
import { siteUrl, sitelinkUrl, type LandingSite } from './landing-url';

export interface PreviewClinic {
  name: string;
  /** Where its pages are: its own domain, else the platform's host with `?client=` (landing-url.ts). */
  site: LandingSite;
  phone: string | null;
  address: string | null;
}

export interface PreviewService {
  name: string;
  /** The service's page path on the clinic's site (trt). */
  path: string;
}

export interface PreviewOptions {
  /** 'B': the landing URL asks for the find-a-provider style (docs/public-site.md#page-styles). */
  styleParam?: 'B' | null;
  /** Promotions as the preview shows them; none are written by templates yet. */
  promotions?: PreviewPromotion[];
}

export type PreviewPromotion = CampaignPreview['campaign']['extensions']['promotions'][number];

export function buildCampaignPreview(clinic: PreviewClinic, service: PreviewService, campaign: TemplateCampaign, options: PreviewOptions = {}): CampaignPreview {
  const landingUrl = siteUrl(clinic.site, service.path, options.styleParam);
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
      adGroups: campaign.adGroups.map((group) => {
        const keywords = group.keywords.map((k) => k.trim()).filter(Boolean);
        return {
          name: group.name,
          keywordType: group.keywordType,
          keywords,
          ads: group.ads.map((ad) => ({ headlines: ad.headlines, descriptions: ad.descriptions, finalUrl: landingUrl })),
          landingPage: keywords[0] ? messageMatchUrl(landingUrl, keywords[0]) : landingUrl,
        };
      }),
      extensions: {
        sitelinks: campaign.extensions.sitelinks.map((s) => ({
          text: s.linkText,
          description: s.description1,
          description2: s.description2,
          finalUrl: sitelinkUrl(s.finalUrl, landingUrl, clinic.site),
        })),
        callouts: campaign.extensions.callouts,
        promotions: options.promotions ?? [],
        call: phone ? { phone } : null,
        location: address ? { address } : null,
      },
    },
  };
}
