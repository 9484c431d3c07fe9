import { checkAdPolicy, type AdTexts, type PolicyField } from '@hap/contracts';
import { ShieldAlert, ShieldCheck } from 'lucide-react';

const FIELD_WORDS: Record<PolicyField, string> = { headline: 'Headline', description: 'Description', keyword: 'Keyword', finalUrl: 'Final URL' };

/**
 * The healthcare policy check as the admin types (docs/campaigns.md#healthcare-policy-check): the
 * same rules the launch applies (contracts ad-policy.ts), read here in the browser, so a claim
 * Google would disapprove is seen before Test or Launch. The final URL is left to the launch,
 * which knows the clinic's site.
 */
export function PolicyFindings({ texts, label = 'Policy check', hideWhenClean = false }: { texts: AdTexts; label?: string; hideWhenClean?: boolean }) {
  const findings = checkAdPolicy(texts, null, null);
  if (hideWhenClean && findings.length === 0) return null;
  const textOf = (field: PolicyField, index: number) => (field === 'headline' ? texts.headlines : field === 'description' ? texts.descriptions : texts.keywords)[index];
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
                {FIELD_WORDS[f.field]} “{textOf(f.field, f.index)}”
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
