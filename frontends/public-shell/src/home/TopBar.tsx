import { ArrowRight } from 'lucide-react';
import { usePageState } from '../state/page-context';
import { ClinicBrand } from './ClinicBrand';
import { CallAction } from './CallAction';

/** docs/public-site.md#pages-and-routes reading A top bar, home-page form: brand and one call to action. */
export function TopBar() {
  const { client } = usePageState();
  return (
    <header className="topbar">
      <div className="container topbar__inner">
        <a href="/" className="topbar__brand" aria-label={`${client.name} home`}>
          <ClinicBrand variant="header" />
        </a>
        <CallAction className="btn btn--brand" fallbackIcon={<ArrowRight size={18} aria-hidden />} />
      </div>
    </header>
  );
}
