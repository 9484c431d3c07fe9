import { useState } from 'react';
import { usePageState } from '../state/page-context';
import { ClinicBrand } from './ClinicBrand';
import { ContactList } from './ContactList';
import { LegalDialog } from './LegalDialog';
import type { LegalDocument } from './legal-documents';

/** public spec §2 reading A footer, home-page form (no Quick Links). */
export function SiteFooter() {
  const { client, year } = usePageState();
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const hasContact = Boolean(client.address || client.phone || client.email);

  return (
    <footer id="contact" className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <ClinicBrand variant="footer" />
          <p className="footer__tagline">Connect with a trusted wellness specialist near you!</p>
        </div>
        <div className="footer__contact">
          <h2 className="footer__heading">Contact Us</h2>
          <ContactList className="footer__list">
            {!hasContact && <li>Our contact details will be published here shortly.</li>}
          </ContactList>
        </div>
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
      <LegalDialog open={legal} onClose={() => setLegal(null)} />
    </footer>
  );
}
