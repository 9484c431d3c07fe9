import { usePageState } from '../state/page-context';
import { clinicHref } from '../state/page-state';
import { UploadedImage } from '../components/UploadedImage';

const LOGO_SLOT = { header: { slot: 160, sizes: '160px' }, footer: { slot: 192, sizes: '192px' } } as const;

/** The clinic's logo, or its name when there is none (top bar, footer, not-found screen). */
export function ClinicBrand({ variant }: { variant: 'header' | 'footer' }) {
  const { client } = usePageState();
  const name = <span className={`clinic-name clinic-name--${variant}`}>{client.name}</span>;
  // Fixed box, contained image: no layout shift whatever the logo's proportions.
  return (
    <UploadedImage
      className={`clinic-logo clinic-logo--${variant}`}
      path={client.logoPath}
      alt={client.name}
      slotWidth={LOGO_SLOT[variant].slot}
      sizes={LOGO_SLOT[variant].sizes}
      width={180}
      height={48}
      // The header logo is above the fold on every page, but the hero image is the one to fetch first.
      eager={variant === 'header'}
      fallback={name}
    />
  );
}

/** The clinic's logo as a link to its home page (the service pages' top bar, the not-found and thank-you pages). */
export function ClinicHomeLink({ className }: { className: string }) {
  const state = usePageState();
  return (
    <a href={clinicHref(state, '/')} className={className} aria-label={`${state.client.name} home`}>
      <ClinicBrand variant="header" />
    </a>
  );
}
