import type { ReactNode } from 'react';
import { NamedOptions } from '../forms/Options';

/**
 * The clinic picker of the screens that show one clinic at a time (Leads, Results, Experiments,
 * Services, Activated templates): a label, then the options the screen puts first (All clinics,
 * Choose a clinic, a clinic not loaded yet) and every client by name; `after` stands below it.
 */
export function ClinicSelect({
  id,
  label = 'Clinic',
  className = 'adm-field',
  value,
  onChange,
  clients,
  disabled,
  first,
  after,
}: {
  id: string;
  label?: string;
  className?: string;
  value: string | number | undefined;
  onChange: (value: string) => void;
  clients: ReadonlyArray<{ id: number; name: string }> | undefined;
  disabled?: boolean;
  first?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="adm-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="adm-input" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {first}
        <NamedOptions items={clients} />
      </select>
      {after}
    </div>
  );
}
