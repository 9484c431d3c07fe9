import type { KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * A WAI-ARIA tab list: arrow keys (and Home/End) move between tabs, the
 * selected tab is the only tab stop. The panel is the caller's, with
 * id `{idPrefix}-panel-{tab}` and aria-labelledby `{idPrefix}-tab-{tab}`.
 */
export function Tabs<T extends string>({ tabs, selected, onSelect, label, idPrefix }: { tabs: ReadonlyArray<TabItem<T>>; selected: T; onSelect: (tab: T) => void; label: string; idPrefix: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((t) => t.id === selected);
    const to =
      event.key === 'ArrowRight' ? (at + 1) % tabs.length : event.key === 'ArrowLeft' ? (at + tabs.length - 1) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
    if (to < 0) return;
    event.preventDefault();
    onSelect(tabs[to].id);
    document.getElementById(`${idPrefix}-tab-${tabs[to].id}`)?.focus();
  };
  return (
    <div className="adm-tabs" role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          id={`${idPrefix}-tab-${t.id}`}
          type="button"
          role="tab"
          className="adm-tabs__tab"
          aria-selected={selected === t.id}
          aria-controls={`${idPrefix}-panel-${t.id}`}
          tabIndex={selected === t.id ? 0 : -1}
          onClick={() => onSelect(t.id)}
          onKeyDown={onKeyDown}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
