import { SECTION_LABELS, type ClientServiceDiff } from '@hap/contracts';
import { changeKind, diffSummary, valueLines } from './rollout-words';

type Change = ClientServiceDiff['changes'][number];

function Value({ value, image }: { value: Change['clinic']; image: boolean }) {
  if (image && typeof value === 'string') return <img className="tro-diff__image" src={value} alt="" />;
  const { title, detail } = valueLines(value);
  return (
    <>
      <span className={value === null ? 'adm-muted' : 'tro-diff__title'}>{title}</span>
      {detail && <span className="tro-diff__detail">{detail}</span>}
    </>
  );
}

/**
 * A clinic's page against a template version, section by section (docs/template-rollout.md#diff):
 * each difference with the clinic's page now beside the version, and whose change it is.
 */
export function ClinicDiff({ diff, clinicName }: { diff: ClientServiceDiff; clinicName: string }) {
  const sections = [...new Set(diff.changes.map((c) => c.section))];
  return (
    <div className="tro-diff">
      <p className="tro-diff__summary">
        Version {diff.fromVersion} → {diff.toVersion}: {diffSummary(diff.changes)}
      </p>
      {diff.problems.map((problem) => (
        <p key={problem} role="alert" className="tro-push__problem">
          A push of version {diff.toVersion} leaves this clinic as it is: {problem}
        </p>
      ))}
      {sections.map((section) => (
        <section key={section} className="tro-diff__section" aria-label={`${SECTION_LABELS[section]} differences`}>
          <h3 className="tro-diff__heading">{SECTION_LABELS[section]}</h3>
          <table className="adm-table tro-diff__table">
            <thead>
              <tr>
                <th scope="col">Change</th>
                <th scope="col">{clinicName} now</th>
                <th scope="col">Template version {diff.toVersion}</th>
              </tr>
            </thead>
            <tbody>
              {diff.changes
                .filter((c) => c.section === section)
                .map((change) => {
                  const kind = changeKind(change);
                  return (
                    <tr key={change.key}>
                      <td data-label="Change">
                        <span className={`adm-badge adm-badge--${kind.tone}`}>{kind.label}</span>
                      </td>
                      <td data-label={`${clinicName} now`}>
                        <Value value={change.clinic} image={section === 'heroImage'} />
                      </td>
                      <td data-label={`Template version ${diff.toVersion}`}>
                        <Value value={change.template} image={section === 'heroImage'} />
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
