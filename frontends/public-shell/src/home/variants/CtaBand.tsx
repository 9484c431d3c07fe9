import { ArrowRight } from 'lucide-react';
import { CallAction } from '../CallAction';

/** Variant C's call-to-action band. */
export function CtaBand() {
  return (
    <section className="cta-band" aria-labelledby="cta-band-title">
      <div className="container cta-band__inner">
        <div>
          <h2 id="cta-band-title" className="cta-band__title">
            Ready to take the first step?
          </h2>
          <p className="cta-band__text">Talk to our team today and find the treatment that is right for you.</p>
        </div>
        <div className="cta-band__actions">
          <CallAction className="btn btn--light btn--lg" />
          <a className="btn btn--outline-light btn--lg" href="#services">
            View Services
            <ArrowRight size={18} aria-hidden />
          </a>
        </div>
      </div>
    </section>
  );
}
