import { STRUCTURE_VALID_MESSAGE, type LaunchReadiness } from '@hap/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import './launch-readiness.css';

/**
 * After Validate Structure: whether a launch would go
 * through. 'Ready for launch' only when nothing is missing; otherwise each
 * missing thing (the clinic's Google Ads account, the agency's connection, the
 * clinic's domain) with a link to the page where it is set.
 */
export function LaunchReadinessNotice({
  readiness,
  structureValid,
}: {
  readiness: LaunchReadiness;
  /** null: the structure could not be checked (its campaign cannot be built without what is missing). */
  structureValid: boolean | null;
}) {
  if (readiness.ready && structureValid) {
    return (
      <section aria-label="Launch readiness" className="ads-readiness ads-readiness--ready">
        <p className="ads-readiness__line">
          <CircleCheck size={18} aria-hidden /> {STRUCTURE_VALID_MESSAGE}
        </p>
      </section>
    );
  }
  if (readiness.ready) return null;
  return (
    <section aria-label="Launch readiness" className="ads-readiness ads-readiness--missing">
      <h3 className="ads-readiness__title">
        <CircleAlert size={18} aria-hidden /> Not ready for launch
      </h3>
      <p className="ads-readiness__text">{structureValid === null
          ? 'A launch would fail until this is set:'
          : structureValid
            ? 'The structure is correct, but a launch would fail until this is set:'
            : 'Besides the structure issues, a launch needs:'}</p>
      <ul className="ads-readiness__list">
        {readiness.missing.map((item) => (
          <li key={item.requirement}>
            <span>{item.message}</span>{' '}
            <Link to={item.href} className="ads-link">
              {item.linkText}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
