import { experimentArmText, LEAD_FORM_HIDDEN } from '@hap/contracts';
import { usePageState } from '../state/page-context';
import { styleVariantOf } from './attribution';
import { CONSENT_VERSION } from './lead-submission';

/**
 * The hidden fields of a lead form's own post (its `action`, contracts
 * LEAD_FORM_PATH): what the browser sends by itself when the page's script
 * is not running (switched off, or it failed to load: the loader posts the
 * held form then, contracts page-boot.ts), so the request still reaches the
 * clinic. The page's script never reads them: it sends JSON.
 */
export function FormPostFields() {
  const { client, landing, route, pageUrl } = usePageState();
  const serviceId = landing?.content.service.id;
  if (serviceId === undefined) return null;
  return (
    <>
      <input type="hidden" name={LEAD_FORM_HIDDEN.clientId} value={String(client.id)} />
      <input type="hidden" name={LEAD_FORM_HIDDEN.serviceId} value={String(serviceId)} />
      <input type="hidden" name={LEAD_FORM_HIDDEN.consentVersion} value={CONSENT_VERSION} />
      <input type="hidden" name={LEAD_FORM_HIDDEN.styleVariant} value={styleVariantOf(route) ?? ''} />
      {/* The experiment arm this page showed, as the server's signed token: its lead counts for that arm. */}
      {route.experiment && <input type="hidden" name={LEAD_FORM_HIDDEN.experiment} value={experimentArmText(route.experiment) ?? ''} />}
      {/* The address the visitor landed on: its campaign, and the way back to this form. */}
      {pageUrl !== undefined && <input type="hidden" name={LEAD_FORM_HIDDEN.landingUrl} value={pageUrl} />}
    </>
  );
}
