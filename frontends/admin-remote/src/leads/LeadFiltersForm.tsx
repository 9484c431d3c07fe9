import { LEAD_STATUS_LABELS, LEAD_STATUSES, LeadListQuerySchema, type LeadStatus } from '@hap/contracts';
import { Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '../auth/FormField';
import type { LeadFilters } from './lead-filters';
import { useClientServices } from './leads-query';
import { AssigneeFilterOptions } from './FrontDeskPanel';
import { useAssignees } from './front-desk-query';
import { NamedOptions } from '../forms/Options';

interface FormValues {
  serviceId: string;
  status: string;
  from: string;
  to: string;
  q: string;
  delivery: string;
  assigneeId: string;
}

const valuesOf = (filters: LeadFilters): FormValues => ({
  serviceId: filters.serviceId === undefined ? '' : String(filters.serviceId),
  status: filters.status ?? '',
  from: filters.from ?? '',
  to: filters.to ?? '',
  q: filters.q ?? '',
  delivery: filters.delivery ?? '',
  assigneeId: filters.assigneeId === undefined ? '' : String(filters.assigneeId),
});

/**
 * The inbox's filters. Checked on Apply with the API's own query schema
 * (LeadListQuerySchema), so the form shows the server's sentences before
 * a request is sent. The page keys it by the URL's filters, so it starts
 * again from them when they change (client picker, back button).
 */
export function LeadFiltersForm({ filters, onApply }: { filters: LeadFilters; onApply: (filters: LeadFilters) => void }) {
  const services = useClientServices(filters.clientId);
  const assignees = useAssignees(filters.clientId ?? 0);
  const [values, setValues] = useState<FormValues>(() => valuesOf(filters));
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});

  const set = (field: keyof FormValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LeadListQuerySchema.safeParse({ clientId: filters.clientId === undefined ? undefined : String(filters.clientId), ...values });
    if (!parsed.success) {
      const next: Partial<Record<keyof FormValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'q') as keyof FormValues;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const { page: _page, pageSize: _pageSize, ...next } = parsed.data;
    onApply(next);
  };

  const reset = () => {
    setErrors({});
    onApply({ clientId: filters.clientId });
  };

  const error = (field: keyof FormValues) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `lead-filter-${field}-error` } : {};

  return (
    <form className="adm-card adm-lead-filters" onSubmit={submit} role="search" aria-label="Filter leads" noValidate>
      <div className="adm-lead-filters__search">
        <FormField id="lead-filter-q" label="Search" error={errors.q}>
          <div className="adm-input-icon">
            <Search size={16} aria-hidden />
            <input
              id="lead-filter-q"
              className="adm-input"
              type="search"
              placeholder="Name, e-mail, phone or reference"
              value={values.q}
              onChange={set('q')}
              {...error('q')}
            />
          </div>
        </FormField>
      </div>
      <FormField id="lead-filter-assigneeId" label="Assigned to" error={errors.assigneeId}>
        <select id="lead-filter-assigneeId" className="adm-input" value={values.assigneeId} onChange={set('assigneeId')} {...error('assigneeId')}>
          <AssigneeFilterOptions users={assignees.data?.items} />
        </select>
      </FormField>
      <FormField id="lead-filter-service" label="Service" error={errors.serviceId}>
        <select
          id="lead-filter-service"
          className="adm-input"
          value={values.serviceId}
          onChange={set('serviceId')}
          disabled={filters.clientId === undefined}
          {...error('serviceId')}
        >
          <option value="">{filters.clientId === undefined ? 'Choose a clinic first' : 'All services'}</option>
          <NamedOptions items={services.data} markInactive />
        </select>
      </FormField>
      <FormField id="lead-filter-status" label="Status" error={errors.status}>
        <select id="lead-filter-status" className="adm-input" value={values.status} onChange={set('status')} {...error('status')}>
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((status: LeadStatus) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="lead-filter-from" label="From" error={errors.from}>
        <input id="lead-filter-from" className="adm-input" type="date" value={values.from} onChange={set('from')} {...error('from')} />
      </FormField>
      <FormField id="lead-filter-to" label="To" error={errors.to}>
        <input id="lead-filter-to" className="adm-input" type="date" value={values.to} onChange={set('to')} {...error('to')} />
      </FormField>
      <div className="adm-lead-filters__actions">
        <label className="adm-checkbox adm-lead-filters__check">
          <input
            type="checkbox"
            checked={values.delivery === 'failed'}
            onChange={(event) => setValues((v) => ({ ...v, delivery: event.target.checked ? 'failed' : '' }))}
          />
          Failed deliveries only
        </label>
        <button type="submit" className="adm-button adm-button--primary">
          <Search size={16} aria-hidden />
          Apply
        </button>
        <button type="button" className="adm-button adm-button--secondary" onClick={reset}>
          <X size={16} aria-hidden />
          Reset
        </button>
      </div>
    </form>
  );
}
