import * as Dialog from '@radix-ui/react-dialog';
import { Copy, LoaderCircle, RefreshCw, Rss } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { ModalDialog } from '../pages/ModalDialog';
import { useToast } from '../toast/toaster';
import { useCalendarFeed, useRegenerateFeed } from './booking-query';

/**
 * The clinic's calendar feed (docs/booking.md#screens): its secret address with Copy, how to
 * subscribe to it in Google Calendar, Outlook and Apple Calendar, and, for owners, a new address
 * (the old one stops working at once).
 */
export function CalendarFeedCard({ canRenew }: { canRenew: boolean }) {
  const id = useId();
  const toast = useToast();
  const feed = useCalendarFeed();
  const renew = useRegenerateFeed();
  const [confirming, setConfirming] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: 'The calendar address is on the clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the address and copy it yourself.', variant: 'destructive' });
    }
  };
  const renewNow = () =>
    renew.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'New calendar address made', description: 'Subscribe to the new address; the old one no longer works.' });
      },
      onError: (failure) => toast({ title: 'Could not make a new address', description: failure.message, variant: 'destructive' }),
    });

  return (
    <section className="adm-card bkg-section bkg-feed" aria-labelledby={`${id}-title`}>
      <header className="bkg-section__head">
        <h2 id={`${id}-title`} className="bkg-section__title">
          <Rss size={18} aria-hidden /> Calendar feed
        </h2>
        <p className="adm-muted bkg-section__text">See the clinic’s appointments in your own calendar app. It reads this address every few hours; changes made there do not come back here.</p>
      </header>
      {feed.isPending ? (
        <LoadingPanel label="Loading the calendar address..." />
      ) : feed.isError ? (
        <LoadFailed heading="h3" title="Failed to load the calendar address" message={feed.error.message} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <div className="bkg-feed__address">
            <label className="adm-label" htmlFor={`${id}-url`}>
              Calendar address
            </label>
            <div className="bkg-feed__row">
              <input id={`${id}-url`} className="adm-input bkg-feed__url" readOnly value={feed.data.url} onFocus={(e) => e.target.select()} aria-describedby={`${id}-secret`} />
              <button type="button" className="adm-button adm-button--secondary" onClick={() => void copy(feed.data.url)}>
                <Copy size={16} aria-hidden />
                Copy
              </button>
            </div>
            <p id={`${id}-secret`} className="adm-muted bkg-feed__secret">
              Anyone with this address can see the appointments and patients’ names: share it only with the clinic’s team.
            </p>
          </div>
          <ul className="bkg-feed__apps">
            <li>
              <strong>Google Calendar</strong>: Other calendars → + → From URL, paste the address, Add calendar.
            </li>
            <li>
              <strong>Outlook</strong>: Add calendar → Subscribe from web, paste the address, Import.
            </li>
            <li>
              <strong>Apple Calendar</strong>: File → New Calendar Subscription, paste the address, Subscribe.
            </li>
          </ul>
          {canRenew && (
            <div>
              <button type="button" className="adm-button adm-button--secondary" onClick={() => setConfirming(true)}>
                <RefreshCw size={16} aria-hidden />
                Make a new address
              </button>
            </div>
          )}
        </>
      )}
      <ModalDialog open={confirming} onOpenChange={setConfirming} title="Make a new calendar address?" className="adm-dialog adm-dialog--narrow" aria-describedby={`${id}-renew`}>
        <div className="adm-dialog__body">
          <p id={`${id}-renew`} className="adm-dialog__text">
            The current address stops working at once: every calendar subscribed to it stops showing the clinic’s appointments until it is subscribed to the new one. Do this when the address
            reached someone it should not have.
          </p>
          <div className="adm-dialog__footer">
            <Dialog.Close asChild>
              <button type="button" className="adm-button adm-button--secondary">
                Keep this address
              </button>
            </Dialog.Close>
            <button type="button" className="adm-button adm-button--danger" disabled={renew.isPending} onClick={renewNow}>
              {renew.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <RefreshCw size={16} aria-hidden />}
              Make a new address
            </button>
          </div>
        </div>
      </ModalDialog>
    </section>
  );
}
