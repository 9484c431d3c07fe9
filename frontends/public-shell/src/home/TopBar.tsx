import { ArrowRight, Phone } from 'lucide-react';
import { usePageState } from '../state/page-context';
import { ClinicBrand } from './ClinicBrand';
import { telHref } from './contact-links';

/** docs/public-site.md#pages-and-routes reading A top bar, home-page form: brand and one call to action. */
export function TopBar() {
  const { client } = usePageState();
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <a href="/" className="topbar__brand" aria-label={`${client.name} home`}>
          <ClinicBrand variant="header" />
        </a>
        {client.phone ? (
          <a className="btn btn--brand" href={telHref(client.phone)}>
            <Phone size={18} aria-hidden />
            Call Now
          </a>
        ) : (
          <a className="btn btn--brand" href="#contact">
            Get Started
            <ArrowRight size={18} aria-hidden />
          </a>
        )}
      </div>
    </header>
  );
}
