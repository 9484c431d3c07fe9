import { Construction } from 'lucide-react';
import { adminTitle, useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from './PageHeader';

/** An admin section whose screens arrive with a later issue: says so, shows no made-up data. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  useDocumentTitle(adminTitle(title));
  return (
    <>
      <PageHeader title={title} description={description} />
      <section className="adm-card adm-empty">
        <Construction size={32} aria-hidden className="adm-empty__icon" />
        <h2 className="adm-empty__title">This section is coming soon</h2>
        <p className="adm-empty__text">
          {title} is being built and will appear here in an upcoming release.
        </p>
      </section>
    </>
  );
}
