import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadCounts } from '@hap/contracts';
import { AlertTriangle } from 'lucide-react';

const VARIANT_LABELS: Record<string, string> = { a: 'Style A', b: 'Style B', c: 'Style C', unified: 'Unified page', preview: 'Preview' };
const variantLabel = (variant: string | null) => (variant === null ? 'Not recorded' : (VARIANT_LABELS[variant] ?? variant));

function Bars({ rows, total, empty }: { rows: Array<{ key: string; label: string; count: number }>; total: number; empty: string }) {
  if (!rows.length) return <p className="adm-muted">{empty}</p>;
  return (
    <ul className="adm-bars">
      {rows.map((row) => (
        <li key={row.key} className="adm-bars__row">
          <span className="adm-bars__label">{row.label}</span>
          <span className="adm-bars__count">{row.count}</span>
          <span className="adm-bars__track" aria-hidden>
            <span className="adm-bars__fill" style={{ width: `${total ? Math.round((row.count / total) * 100) : 0}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The clinic's leads in the chosen period: the pipeline, per service and per style variant. */
export function LeadCountsCards({ counts, onShowFailed }: { counts: LeadCounts; onShowFailed: () => void }) {
  return (
    <>
      {counts.failedDeliveries > 0 && (
        <div className="adm-alert" role="status">
          <AlertTriangle size={18} aria-hidden />
          <span>
            {counts.failedDeliveries === 1 ? '1 lead has a delivery' : `${counts.failedDeliveries} leads have a delivery`} that failed after every retry.
          </span>
          <button type="button" className="adm-button adm-button--secondary" onClick={onShowFailed}>
            Show {counts.failedDeliveries === 1 ? 'it' : 'them'}
          </button>
        </div>
      )}
      <section className="adm-lead-counts" aria-label="Lead counts">
        <div className="adm-card adm-count-card">
          <h2 className="adm-count-card__title">Pipeline</h2>
          <p className="adm-count-card__total">
            {counts.total} <span className="adm-muted">{counts.total === 1 ? 'lead' : 'leads'}</span>
          </p>
          <ul className="adm-pipeline">
            {LEAD_STATUSES.map((status) => (
              <li key={status} className={`adm-pipeline__step adm-status--${status}`}>
                <span className="adm-pipeline__count">{counts.byStatus[status]}</span>
                <span className="adm-pipeline__label">{LEAD_STATUS_LABELS[status]}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="adm-card adm-count-card">
          <h2 className="adm-count-card__title">By service</h2>
          <Bars
            total={counts.total}
            empty="This clinic has no services yet."
            rows={counts.byService.map((s) => ({ key: String(s.serviceId), label: s.serviceName ?? `Service #${s.serviceId}`, count: s.count }))}
          />
        </div>
        <div className="adm-card adm-count-card">
          <h2 className="adm-count-card__title">By style variant</h2>
          <Bars
            total={counts.total}
            empty="No leads in this period."
            rows={counts.byVariant.map((v) => ({ key: v.variant ?? 'none', label: variantLabel(v.variant), count: v.count }))}
          />
        </div>
      </section>
    </>
  );
}
