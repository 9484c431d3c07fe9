import { checkAdPolicy, type AdTexts, type PolicyField, type PolicyFinding } from '@hap/contracts';
import { ShieldAlert, ShieldCheck } from 'lucide-react';

const FIELD_WORDS: Record<PolicyField, string> = { headline: 'Headline', description: 'Description', keyword: 'Keyword', finalUrl: 'Final URL' };

/**
 * The healthcare policy check as the admin types (docs/campaigns.md#healthcare-policy-check): the
 * same rules the launch applies (contracts ad-policy.ts), read here in the browser, so a claim
 * Google would disapprove is seen before Test or Launch. The final URL is left to the launch,
 * which knows the clinic's site.
 */
export function PolicyFindings({ texts, label = 'Policy check', hideWhenClean = false }: { texts: AdTexts; label?: string; hideWhenClean?: boolean }) {
  const textOf = (field: PolicyField, index: number) => (field === 'headline' ? texts.headlines : field === 'description' ? texts.descriptions : texts.keywords)[index] ?? '';
  const findings = checkAdPolicy(texts, null, null).map((f) => ({ ...f, text: textOf(f.field, f.index) }));
  return <PolicyFindingList findings={findings} label={label} hideWhenClean={hideWhenClean} />;
}

/**
 * Findings as a list: each with its field and words, whether it stops the launch, the rule, the
 * suggested fix and the policy it comes from; the ad group's name when the list is a campaign's.
 */
export function PolicyFindingList({
  findings,
  label = 'Policy check',
  hideWhenClean = false,
}: {
  findings: ReadonlyArray<PolicyFinding & { text: string; adGroup?: string }>;
  label?: string;
  hideWhenClean?: boolean;
}) {
  if (hideWhenClean && findings.length === 0) return null;
  return (
    <section className="ads-policy" aria-label={label}>
      <h3 className="ads-policy__title">
        {findings.length ? <ShieldAlert size={16} aria-hidden /> : <ShieldCheck size={16} aria-hidden />} Healthcare policy check
      </h3>
      {findings.length === 0 ? (
        <p className="adm-muted">Nothing found: no restricted drug, absolute claim, phone number, capitals or symbols for emphasis.</p>
      ) : (
        <ul className="ads-policy__list">
          {findings.map((f, i) => (
            <li key={i} className="ads-policy__item">
              <span className={`adm-badge ${f.severity === 'block' ? 'adm-badge--danger' : 'adm-badge--warning'}`}>{f.severity === 'block' ? 'Stops the launch' : 'Check'}</span>{' '}
              <strong>
                {f.adGroup ? `${f.adGroup}: ` : ''}
                {FIELD_WORDS[f.field]} “{f.text}”
              </strong>
              : {f.rule} {f.suggestion}{' '}
              <a className="ads-link" href={f.policy.url} target="_blank" rel="noopener noreferrer">
                {f.policy.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
