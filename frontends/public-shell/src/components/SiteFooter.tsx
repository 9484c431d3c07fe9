import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ClinicBrand } from '../home/ClinicBrand';
import { ContactList } from '../home/ContactList';
import type { LegalDocument } from '../home/legal-documents';
import { usePageState } from '../state/page-context';

/** The legal text and its dialog load when a visitor asks for them (docs/public-site.md#page-speed: what opens on a click loads on that click). */
const LegalDialog = lazy(() => import('../home/LegalDialog').then((m) => ({ default: m.LegalDialog })));

export interface FooterLink {
  href: string;
  label: string;
}

interface SiteFooterProps {
  /** The home pages' footer is where their 'Contact' links lead (`#contact`). */
  id?: string;
  /** A page's layout of the columns, from its own stylesheet (`lp-footer`, `u-footer`). */
  className?: string;
  /** The Contact Us column: the clinic's address, phone and e-mail. */
  contactUs?: boolean;
  /** Under the brand and tagline (a service page: its phone and 'Get Started Now'). */
  actions?: ReactNode;
  quickLinks?: readonly FooterLink[];
  /** A service page's copyright line ends '. All rights reserved.' */
  rightsReserved?: boolean;
}

/**
 * Every public page's footer (docs/public-site.md#pages-and-routes: the home page's form, the
 * service pages' variant A form, the unified page's): the brand and tagline,
 * the columns a page asks for, the results-may-vary disclaimer, the copyright
 * and the Privacy Policy / Terms of Service modal.
 */
export function SiteFooter({ id, className, contactUs = false, actions, quickLinks = [], rightsReserved = false }: SiteFooterProps) {
  const { client, year } = usePageState();
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  return (
    <footer id={id} className={className ? `footer ${className}` : 'footer'}>
      <div className="container footer__grid">
        <div className="footer__brand">
          <ClinicBrand variant="footer" />
          <p className="footer__tagline">Connect with a trusted wellness specialist near you!</p>
          {actions}
        </div>
        {contactUs && (
          <div className="footer__contact">
            <h2 className="footer__heading">Contact Us</h2>
            <ContactList className="footer__list">
              {!client.address && !client.phone && !client.email && <li>Our contact details will be published here shortly.</li>}
            </ContactList>
          </div>
        )}
        {quickLinks.length > 0 && (
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className="footer__heading">
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
          *Results may vary from person to person. The information on this website is for general purposes only and is not a
          substitute for professional medical advice. Please consult a licensed provider before starting any treatment.
        </p>
        <div className="footer__legal">
          <p>
            © {year} {client.name}
            {rightsReserved && '. All rights reserved.'}
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
