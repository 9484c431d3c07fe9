import type { ReactNode } from 'react';

/**
 * A list's or screen's place when it has nothing to show (`adm-empty`): an icon, the title, the
 * text and an action. `card` makes it a card of its own on the page, rather than the content of
 * one; `frame` keeps a card's element where it is a `div`.
 */
export function EmptyState({
  card = false,
  frame,
  role,
  live = false,
  icon,
  heading: Heading = 'h2',
  title,
  text,
  children,
}: {
  card?: boolean;
  frame?: 'div' | 'section';
  role?: 'alert';
  /** Announce a change of what it says (a search's result). */
  live?: boolean;
  icon?: ReactNode;
  heading?: 'h2' | 'h3';
  title: ReactNode;
  text?: ReactNode;
  children?: ReactNode;
}) {
  const Frame = frame ?? (card ? 'section' : 'div');
  return (
    <Frame className={card ? 'adm-card adm-empty' : 'adm-empty'} role={role} aria-live={live ? 'polite' : undefined}>
      {icon}
      <Heading className="adm-empty__title">{title}</Heading>
      {text !== undefined && <p className="adm-empty__text">{text}</p>}
      {children}
    </Frame>
  );
}
