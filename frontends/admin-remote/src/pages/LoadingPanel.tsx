import { LoaderCircle } from 'lucide-react';

export function LoadingPanel({ label, fullScreen = false }: { label: string; fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'adm-loading adm-loading--full' : 'adm-loading'} role="status" aria-live="polite">
      <LoaderCircle className="adm-spin" size={22} aria-hidden />
      <span>{label}</span>
    </div>
  );
}
