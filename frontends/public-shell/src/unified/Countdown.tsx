import { useEffect, useState } from 'react';
import { COUNTDOWN_START_SECONDS, countdownParts, countdownStep } from './unified-rules';

/**
 * The offer's countdown (docs/public-site.md#pages-and-routes, docs/public-site.md#fixed-figures): 23:59:59, one second less each
 * second, back to the start after zero. The server and the first client
 * render both show the start; ticking begins after hydration (useEffect), so
 * the two renders always match.
 */
export function Countdown({ label = 'Offer ends in', tone = 'hero' }: { label?: string; tone?: 'hero' | 'light' }) {
  const [seconds, setSeconds] = useState(COUNTDOWN_START_SECONDS);
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds(countdownStep), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const parts = countdownParts(seconds);
  return (
    <div className={`u-countdown u-countdown--${tone}`}>
      <span className="u-countdown__label">{label}</span>
      {/* role=timer is not announced on every tick (its live region is off). */}
      <span className="u-countdown__clock" role="timer" aria-label={`${label} ${parts.hours} hours ${parts.minutes} minutes`} data-testid="countdown">
        <span className="u-countdown__unit">{parts.hours}</span>
        <span aria-hidden>:</span>
        <span className="u-countdown__unit">{parts.minutes}</span>
        <span aria-hidden>:</span>
        <span className="u-countdown__unit">{parts.seconds}</span>
      </span>
    </div>
  );
}
