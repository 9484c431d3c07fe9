import { FallbackServiceContact } from '../components/FallbackServiceContact';
import { usePageState } from '../state/page-context';
import { FormEmbed } from './FormEmbed';
import { LeadForm } from './LeadForm';
import { formEmbedCodeOf } from './landing-rules';

/**
 * The page's form: the service's embedded form code when it has one (docs/public-site.md#validation), else the built-in lead form; on a fallback service's page (the
 * clinic has no services yet) the clinic's phone and e-mail instead.
 */
export function ConsultationForm({ submitLabel, withMessage }: { submitLabel: string; withMessage?: boolean }) {
  const { client, landing } = usePageState();
  if (landing?.fallback) return <FallbackServiceContact className="lp-form-card__intro" />;
  const embed = formEmbedCodeOf(landing?.content.service.formEmbedCode);
  if (embed) return <FormEmbed code={embed} title={`${client.name} consultation form`} />;
  return <LeadForm submitLabel={submitLabel} withMessage={withMessage} />;
}
