import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { routes, telHref, type UnmatchedTexts as UnmatchedTextsPage } from '@hap/contracts';
import { api } from '../lib/api';
import { formatDateTime } from '../leads/lead-filters';
import { EmptyState } from '../pages/EmptyState';
import { LoadFailed } from '../pages/LoadFailed';
import { LoadingPanel } from '../pages/LoadingPanel';
import { Pager, pagerFigures } from '../pages/Pager';

/** A number as people read it: +1 (212) 555-0142 for a US number, else as Twilio sent it. */
const readablePhone = (e164: string) => {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `+1 (${us[1]}) ${us[2]}-${us[3]}` : e164;
};

/**
 * Texts from numbers that are no lead's (docs/speed-to-lead.md#inbound-texts): one conversation per number,
 * the newest first. The agency calls back (the number is a tel: link); no reply by text, as no form gave consent.
 */
export function UnmatchedTexts() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['admin', 'messaging', 'unmatched', page],
    queryFn: ({ signal }): Promise<UnmatchedTextsPage> => api.call(routes.listUnmatchedTexts, { query: { page: String(page) } }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="adm-card msg-unmatched" aria-labelledby="msg-unmatched-title">
      <h2 id="msg-unmatched-title" className="msg-unmatched__title">
        Texts from numbers that are no lead
      </h2>
      <p className="adm-muted">Someone texted the clinics’ number without sending a form. Call them back: they gave no consent to texts, so no text goes back from here.</p>
      {list.isPending ? (
        <LoadingPanel label="Loading texts..." />
      ) : list.isError ? (
        <LoadFailed title="Failed to load texts" message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={<MessageSquare size={32} aria-hidden className="adm-empty__icon" />} heading="h3" title="No texts from unknown numbers" text="A text from a number that sent no form appears here." />
      ) : (
        <>
          <ul className="msg-unmatched__list">
            {list.data.items.map((conversation) => (
              <li key={conversation.phone} className="msg-unmatched__item">
                <p className="msg-unmatched__head">
                  <a href={telHref(conversation.phone)} className="msg-unmatched__phone">
                    {readablePhone(conversation.phone)}
                  </a>
                  <span className="adm-muted">
                    {conversation.count === 1 ? '1 text' : `${conversation.count} texts`}, the last {formatDateTime(conversation.lastAt)}
                  </span>
                  {conversation.optedOut && <span className="adm-badge">Replied STOP</span>}
                </p>
                <ol className="msg-unmatched__texts" aria-label={`Texts from ${readablePhone(conversation.phone)}`}>
                  {conversation.texts.map((text) => (
                    <li key={text.id}>
                      <time dateTime={text.at} className="adm-muted">
                        {formatDateTime(text.at)}
                      </time>
                      <span className="msg-unmatched__body">{text.body}</span>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
          <Pager
            label="Pages of texts"
            noun={['number', 'numbers']}
            {...pagerFigures(list.data)}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
