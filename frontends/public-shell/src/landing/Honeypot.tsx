import { HONEYPOT_FIELD } from './lead-submission';
import './lead-capture.css';

/**
 * The honeypot (contracts LEAD_HONEYPOT_FIELD): a field people never see or
 * reach (off-screen, out of the tab order and the accessibility tree, no
 * autofill); a bot that fills every input gives itself away to the server.
 */
export function Honeypot() {
  return (
    <div className="lead-hp" aria-hidden="true">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
