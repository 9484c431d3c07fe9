import { ArrowRight } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ClinicBrand } from '../home/ClinicBrand';
import type { LegalDocument } from '../home/legal-text';
import { usePageState } from '../state/page-context';
import { PhoneLink, type NavLink } from './parts';

/** The legal text and its dialog load when a visitor asks for them (DESIGN §7: what opens on a click loads on that click). */
const LegalDialog = lazy(() => import('../home/LegalDialog').then((m) => ({ default: m.LegalDialog })));

/**
 * Service page footer (public spec §2 variant A): logo or name, phone, 'Get
 * Started Now', quick links, the results-may-vary disclaimer, copyright and
 * the Privacy Policy / Terms of Service modal.
 */
export function LandingFooter({ quickLinks }: { quickLinks: readonly NavLink[] }) {
  const { client, year } = usePageState();
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  return (
    <footer className="footer lp-footer">
      <div className="container lp-footer__grid">
        <div className="lp-footer__brand">
          <ClinicBrand variant="footer" />
          <p className="footer__tagline">Connect with a trusted wellness specialist near you!</p>
          <PhoneLink className="lp-footer__phone" />
          <a className="btn btn--light lp-footer__cta" href="#contact">
            Get Started Now
            <ArrowRight size={18} aria-hidden />
          </a>
        </div>
        <nav className="lp-footer__links" aria-labelledby="lp-quick-links">
          <h2 id="lp-quick-links" className="footer__heading">
            Quick Links
          </h2>
          <ul className="footer__list">
            {quickLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer__bottom">
        <p className="footer__disclaimer">
          *Results may vary from person to person. The information on this website is for general purposes only and
          is not a substitute for professional medical advice. Please consult a licensed provider before starting any
          treatment.
        </p>
        <div className="footer__legal">
          <p>
            © {year} {client.name}. All rights reserved.
          </p>
          <div className="footer__legal-links">
            <button type="button" className="link-button" onClick={() => setLegal('privacy')}>
              Privacy Policy
            </button>
            <button type="button" className="link-button" onClick={() => setLegal('terms')}>
              Terms of Service
            </button>
          </div>
        </div>
      </div>
      {legal && (
        <Suspense fallback={null}>
          <LegalDialog open={legal} onClose={() => setLegal(null)} />
        </Suspense>
      )}
    </footer>
  );
}
