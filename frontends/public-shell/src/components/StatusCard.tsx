import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A page that is one card (error, not found, service unavailable, thank you): an icon, the title,
 * the text, then `children`, under its `brand` (the clinic's logo, ClinicHomeLink) when it has one.
 */
export function StatusCard({
  pageClass,
  cardClass,
  role,
  brand,
  icon: Icon,
  iconClass = 'status-card__icon--danger',
  iconSize = 40,
  title,
  text,
  children,
}: {
  /** Classes beside `status-page` and `status-card`. */
  pageClass?: string;
  cardClass?: string;
  role?: 'alert';
  brand?: ReactNode;
  icon: LucideIcon;
  /** The class beside `status-card__icon`. */
  iconClass?: string;
  iconSize?: number;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <main className={pageClass ? `status-page ${pageClass}` : 'status-page'}>
      <div className={cardClass ? `status-card ${cardClass}` : 'status-card'} role={role}>
        {brand}
        <Icon className={`status-card__icon ${iconClass}`} size={iconSize} aria-hidden />
        <h1 className="status-card__title">{title}</h1>
        <p className="status-card__text">{text}</p>
        {children}
      </div>
    </main>
  );
}

/** 'Try again': reloads the page, the only way a failed lazy chunk or remote loads anew. */
export function ReloadButton({ label }: { label: string }) {
  return (
    <button type="button" className="btn btn--brand" onClick={() => window.location.reload()}>
      {label}
    </button>
  );
}
