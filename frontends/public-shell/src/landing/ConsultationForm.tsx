import { usePageState } from '../state/page-context';
import { FormEmbed } from './FormEmbed';
import { LeadForm } from './LeadForm';
import { formEmbedCodeOf } from './landing-rules';

/**
 * The page's form: the service's embedded form code when it has one (public
 * spec §5), else the built-in lead form.
 */
export function ConsultationForm({ submitLabel, withMessage }: { submitLabel: string; withMessage?: boolean }) {
  const { client, landing } = usePageState();
  const embed = formEmbedCodeOf(landing?.content.service.formEmbedCode);
  if (embed) return <FormEmbed code={embed} title={`${client.name} consultation form`} />;
  return <LeadForm submitLabel={submitLabel} withMessage={withMessage} />;
}
