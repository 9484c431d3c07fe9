import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <header className="adm-page-header">
      <div>
        <h1 className="adm-page-header__title">{title}</h1>
        {description && <p className="adm-page-header__description">{description}</p>}
      </div>
      {actions && <div className="adm-page-header__actions">{actions}</div>}
    </header>
  );
}
