import { RefreshCw } from 'lucide-react';
import { EmptyState } from './EmptyState';

/**
 * A list or record that could not be loaded (admin spec: "Failed to load …"
 * with Try Again). `heading` keeps the heading level right where it sits.
 */
export function LoadFailed({
  title,
  message,
  onRetry,
  card = false,
  heading = 'h2',
}: {
  title: string;
  message: string;
  onRetry: () => void;
  /** A card of its own on the page, rather than the content of one. */
  card?: boolean;
  heading?: 'h2' | 'h3';
}) {
  return (
    <EmptyState card={card} role="alert" heading={heading} title={title} text={message}>
      <button type="button" className="adm-button adm-button--primary" onClick={onRetry}>
        <RefreshCw size={16} aria-hidden />
        Try Again
      </button>
    </EmptyState>
  );
}
