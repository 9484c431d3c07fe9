import { TriangleAlert } from 'lucide-react';
import { ReloadButton, StatusCard } from './StatusCard';

/**
 * 'Something went wrong', the message (or 'An unexpected error occurred') and
 * 'Try again', which reloads: a failed lazy chunk or remote only loads anew that way.
 */
export function ErrorScreen({ message }: { message?: string }) {
  return (
    <StatusCard role="alert" icon={TriangleAlert} title="Something went wrong" text={message || 'An unexpected error occurred'}>
      <ReloadButton label="Try again" />
    </StatusCard>
  );
}
