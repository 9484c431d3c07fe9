import { ArrowRight } from 'lucide-react';
import { CallAction } from '../CallAction';
import { CallToActionBand } from '../CallToActionBand';

/** Variant C's call-to-action band. */
export function CtaBand() {
  return (
    <CallToActionBand titleId="cta-band-title" title="Ready to take the first step?" text="Talk to our team today and find the treatment that is right for you.">
      <CallAction className="btn btn--light btn--lg" />
      <a className="btn btn--outline-light btn--lg" href="#services">
        View Services
        <ArrowRight size={18} aria-hidden />
      </a>
    </CallToActionBand>
  );
}
