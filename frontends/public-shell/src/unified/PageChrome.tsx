import { ArrowRight, CalendarCheck, Phone } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { ClinicBrand } from '../home/ClinicBrand';
import { ContactList } from '../home/ContactList';
import { telHref } from '../home/contact-links';
import { LegalDialog } from '../home/LegalDialog';
import type { LegalDocument } from '../home/legal-documents';
import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';
import { pastHero } from './unified-rules';

export interface PageLink {
  href: string;
  label: string;
}

/** Sticky top bar (public spec §2, non-home pages): brand, links to the sections present, 'Get Started'. */
export function UnifiedTopBar({ links }: { links: readonly PageLink[] }) {
  const state = usePageState();
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <a href={clinicHref(state, '/')} className="topbar__brand" aria-label={`${state.client.name} home`}>
          <ClinicBrand variant="header" />
        </a>
        <nav className="u-nav" aria-label="On this page">
          {links.map((link) => (
            <a key={link.href} href={link.href}>
              {link.label}
            </a>
          ))}
        </nav>
        <a className="btn btn--brand" href="#contact">
          Get Started
          <ArrowRight size={18} aria-hidden />
        </a>
      </div>
    </header>
  );
}

/** Footer (public spec §2, non-home form): contact, quick links, disclaimer, legal dialog. */
export function UnifiedFooter({ quickLinks }: { quickLinks: readonly PageLink[] }) {
  const { client, year } = usePageState();
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  return (
    <footer className="footer">
      <div className="container footer__grid u-footer__grid">
        <div className="footer__brand">
          <ClinicBrand variant="footer" />
          <p className="footer__tagline">Connect with a trusted wellness specialist near you!</p>
        </div>
        <div>
          <h2 className="footer__heading">Contact Us</h2>
          <ContactList className="footer__list">
            {!client.address && !client.phone && !client.email && <li>Our contact details will be published here shortly.</li>}
          </ContactList>
        </div>
        {quickLinks.length > 0 && (
          <nav aria-labelledby="u-quick-links">
            <h2 id="u-quick-links" className="footer__heading">
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
        )}
      </div>
      <div className="container footer__bottom">
        <p className="footer__disclaimer">
          *Results may vary from person to person. The information on this website is for general purposes only
          and is not a substitute for professional medical advice. Please consult a licensed provider before
          starting any treatment.
        </p>
        <div className="footer__legal">
          <p>
            © {year} {client.name}
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
      {/* The native <dialog>; its text loads on the first opening (home/LegalDialog.tsx). */}
      <LegalDialog open={legal} onClose={() => setLegal(null)} />
    </footer>
  );
}

/**
 * The sticky mobile bar (public spec §2, §9): Book Now and Call Now, once the
 * visitor has scrolled past 80 % of the hero. Fixed-position and always in
 * the page (no layout shift), hidden and inert until then; CSS shows it on
 * narrow screens only. One passive scroll listener, read once per frame.
 */
export function MobileBar({ heroRef }: { heroRef: RefObject<HTMLElement | null> }) {
  const { client } = usePageState();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const hero = heroRef.current;
    if (!hero) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = hero.getBoundingClientRect();
      setShown(pastHero(box.top, box.height));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [heroRef]);

  return (
    <div className={shown ? 'u-mobile-bar is-shown' : 'u-mobile-bar'} data-testid="mobile-bar" aria-hidden={!shown} inert={!shown}>
      <a className="btn btn--brand btn--lg" href="#contact">
        <CalendarCheck size={18} aria-hidden />
        Book Now
      </a>
      {client.phone && (
        <a className="btn btn--lg u-btn--outline" href={telHref(client.phone)}>
          <Phone size={18} aria-hidden />
          Call Now
        </a>
      )}
    </div>
  );
}
