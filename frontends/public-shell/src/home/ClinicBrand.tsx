import { assetUrl } from '@hap/contracts';
import { usePageState } from '../state/page-context';

/** The clinic's logo, or its name when there is none (top bar and footer). */
export function ClinicBrand({ variant }: { variant: 'header' | 'footer' }) {
  const { client } = usePageState();
  const logo = assetUrl(client.logoPath);
  if (logo) {
    // Fixed box, contained image: no layout shift whatever the logo's proportions.
    return <img className={`clinic-logo clinic-logo--${variant}`} src={logo} alt={client.name} width={180} height={48} />;
  }
  return <span className={`clinic-name clinic-name--${variant}`}>{client.name}</span>;
}
