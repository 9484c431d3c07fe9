import { routes, type PerformanceAccount } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../lib/api';
import { useToast } from '../toast/toaster';

/** How often the accounts are asked while a read runs. */
const POLL_MS = 2_000;
/** After this long the screen stops waiting (the read goes on; the hourly read catches up). */
const GIVE_UP_MS = 120_000;

/**
 * Whether an account's read queued when it stood as `before` is over: read again (its server-side
 * read time moved: the browser's clock is never compared with the server's), or newly refused or
 * disconnected.
 */
export function readSince(account: PerformanceAccount, before: PerformanceAccount | undefined): boolean {
  if (account.lastSyncedAt !== null && account.lastSyncedAt !== (before?.lastSyncedAt ?? null)) return true;
  return (account.state === 'refused' || account.state === 'disconnected') && account.state !== before?.state;
}

/**
 * 'Read Google Ads now' (docs/results-and-experiments.md#the-results-screen): queues a read of the
 * last 3 days of the clinic's account (or every clinic's) and shows how far it got; one read of an
 * account at a time (a click while one waits adds nothing). When every account is read, the
 * screen's figures are asked again.
 */
export function RefreshNow({ clientId }: { clientId: number | null }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The read's polling stops when the screen goes.
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const read = useMutation({
    mutationFn: async () => {
      const signal = leaving.current.signal;
      const answer = await api.call(routes.syncGoogleAdsPerformance, { body: { ...(clientId === null ? {} : { clientId }), days: 3 } }, { signal });
      // Each account as it stood when its read was queued.
      const before = new Map(answer.accounts.map((a) => [a.customerId, a]));
      const customers = new Set(before.keys());
      setProgress({ done: 0, total: customers.size });
      for (const deadline = Date.now() + GIVE_UP_MS; Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (signal.aborted) break;
        const ours = (await api.call(routes.listPerformanceAccounts, {}, { signal })).filter((a) => customers.has(a.customerId));
        const done = ours.filter((a) => readSince(a, before.get(a.customerId))).length;
        setProgress({ done, total: customers.size });
        if (done >= customers.size) return { finished: true, total: customers.size, unread: ours.filter((a) => a.state !== 'ok').length };
      }
      return { finished: false, total: customers.size, unread: 0 };
    },
    onSuccess: ({ finished, total, unread }) => {
      toast(
        finished
          ? { title: 'Google Ads read', description: unread ? `${unread} of ${total} accounts could not be read: see the accounts.` : 'The figures are as Google Ads reports them now.' }
          : { title: 'Still reading Google Ads', description: 'The read goes on; the figures update by themselves within the hour.' },
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'results'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'google-ads', 'recommendations'] });
    },
    onError: (error) => toast({ title: 'Google Ads was not read', description: error.message, variant: 'destructive' }),
    onSettled: () => setProgress(null),
  });

  return (
    <div className="res-refresh">
      <button type="button" className="adm-button adm-button--secondary" onClick={() => read.mutate()} disabled={read.isPending}>
        {read.isPending ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <RefreshCw size={16} aria-hidden />} Read Google Ads now
      </button>
      <span className="adm-muted" role="status">
        {progress ? `Reading Google Ads: ${progress.done} of ${progress.total} ${progress.total === 1 ? 'account' : 'accounts'} read…` : ''}
      </span>
    </div>
  );
}
