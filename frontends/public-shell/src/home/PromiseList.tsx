import type { LucideIcon } from 'lucide-react';

/** One of a clinic page's promises: an icon, a short title and a sentence. */
export interface PromiseItem {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The home page's "About" promises and the client landing page's reasons to choose the clinic: one list of promises. */
export function PromiseList({ items, className }: { items: readonly PromiseItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="promise">
          <span className="promise__icon" aria-hidden>
            <Icon size={22} />
          </span>
          <div>
            <h3 className="promise__title">{title}</h3>
            <p className="promise__text">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
