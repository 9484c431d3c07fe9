import type { ComponentProps } from 'react';
import { Section } from '../components/Section';
import { usePageState } from '../state/page-context';
import type { PageState } from '../state/page-state';

/** A content section of the page (`section u-section`, tinted or not) under its header; the header's title labels it. */
export function UnifiedSection({ tinted, ...section }: { tinted?: boolean } & Omit<ComponentProps<typeof Section>, 'className'> & { id: string }) {
  return <Section className={tinted ? 'section section--tinted u-section' : 'section u-section'} {...section} />;
}

/** A card's title and, when there is one, its text. */
export function CardText({ title, text }: { title: string; text?: string | null }) {
  return (
    <div>
      <h3 className="u-card__title">{title}</h3>
      {text && <p className="u-card__text">{text}</p>}
    </div>
  );
}

type Template = NonNullable<PageState['landing']>['content']['template'];

/** One of the page's template lists (symptoms, benefits, steps…); empty without content. */
export function useTemplateList<K extends 'symptoms' | 'benefits' | 'process' | 'testimonials' | 'faqs'>(key: K): Template[K] {
  return usePageState().landing?.content.template[key] ?? ([] as unknown as Template[K]);
}
