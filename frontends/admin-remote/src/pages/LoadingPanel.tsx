import { LoaderCircle } from 'lucide-react';

/** 'Loading …' with a spinner; `card` makes it a card of its own on the page, rather than the content of one (as LoadFailed). */
export function LoadingPanel({ label, fullScreen = false, card = false }: { label: string; fullScreen?: boolean; card?: boolean }) {
  const panel = (
    <div className={fullScreen ? 'adm-loading adm-loading--full' : 'adm-loading'} role="status" aria-live="polite">
      <LoaderCircle className="adm-spin" size={22} aria-hidden />
      <span>{label}</span>
    </div>
  );
  return card ? <section className="adm-card">{panel}</section> : panel;
}
