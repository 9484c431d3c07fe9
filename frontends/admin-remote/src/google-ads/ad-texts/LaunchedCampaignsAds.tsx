import { useTemplateClinics } from '../../templates/rollout/rollout-query';
import { AdTextsReview } from './AdTextsReview';

/** Where a template's launched campaigns' checks are cached on Google Ads Templates; invalidated when the template's campaigns change. */
export const launchedAdTextsKey = (templateId: number) => ['admin', 'google-ads', 'launched-ad-texts', templateId] as const;

/**
 * On Google Ads Templates, under a template's campaigns: the campaigns every
 * clinic of the template launched, so that an Optimize kept (or any edit of
 * the template's ads) can reach them (docs/campaigns.md#ad-texts-follow-the-template).
 * The clinics are the template's own (its rollout's list), whatever version they are on.
 */
export function LaunchedCampaignsAds({ templateId }: { templateId: number }) {
  const clinics = useTemplateClinics(templateId);
  const title = 'Launched campaigns';
  if (clinics.isPending) return null;
  if (clinics.isError)
    return (
      <section className="adt" aria-label={title}>
        <p role="alert">{clinics.error.message}</p>
      </section>
    );
  if (clinics.data.clinics.length === 0)
    return (
      <section className="adt" aria-label={title}>
        <p className="adm-muted">No clinic offers this service yet: its campaigns are launched from a clinic's Google Ads page.</p>
      </section>
    );
  const names = new Map(clinics.data.clinics.map((c) => [c.clientId, c.clinicName ?? `Clinic ${c.clientId}`]));
  return (
    <AdTextsReview
      queryKey={launchedAdTextsKey(templateId)}
      templateId={templateId}
      clientIds={[...names.keys()]}
      clinicName={(clientId) => names.get(clientId) ?? `Clinic ${clientId}`}
      title={title}
      intro="Campaigns already launched from this template keep the headlines and descriptions they were launched with. Check them to give their ads this template's texts."
    />
  );
}
