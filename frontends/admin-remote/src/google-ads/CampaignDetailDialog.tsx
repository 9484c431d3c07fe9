import { AD_LIMITS, type TemplateCampaign } from '@hap/contracts';
import { useState } from 'react';
import { Counted } from './Counted';
import { Tabs, type TabItem } from '../pages/Tabs';
import { ModalDialog } from '../pages/ModalDialog';

type DetailTab = 'overview' | 'ad-groups' | 'extensions' | 'targeting';
const TABS: ReadonlyArray<TabItem<DetailTab>> = [
  { id: 'overview', label: 'Overview' },
  { id: 'ad-groups', label: 'Ad Groups' },
  { id: 'extensions', label: 'Extensions' },
  { id: 'targeting', label: 'Targeting' },
];

const MATCH_LABELS = { EXACT: 'Exact match', PHRASE: 'Phrase match', BROAD: 'Broad match' } as const;


/** docs/campaigns.md#google-ads-templates: the campaign detail dialog's four tabs. */
export function CampaignDetailDialog({ campaign, onClose }: { campaign: TemplateCampaign | null; onClose: () => void }) {
  const [tab, setTab] = useState<DetailTab>('overview');
  return (
    <ModalDialog open={campaign !== null} onOpenChange={(open) => !open && onClose()} aria-describedby={undefined} title={campaign?.name ?? 'Campaign'}>
      {campaign && (
        // The tabs stay put; the panel below them scrolls (the tabbed-dialog layout of admin.css).
        <div className="adm-dialog__form">
          <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Campaign details" idPrefix="campaign-detail" />
          <div id={`campaign-detail-panel-${tab}`} role="tabpanel" aria-labelledby={`campaign-detail-tab-${tab}`} className="adm-dialog__body ads-panel">
            {tab === 'overview' && (
              <dl className="ads-facts">
                <dt>Name</dt>
                <dd>{campaign.name}</dd>
                <dt>Keyword theme</dt>
                <dd>{campaign.keywordTheme || '—'}</dd>
                <dt>Target audience</dt>
                <dd>{campaign.targetAudience || '—'}</dd>
                <dt>Status</dt>
                <dd>
                  <span className={`adm-badge ${campaign.isActive ? 'adm-badge--success' : 'adm-badge--neutral'}`}>{campaign.isActive ? 'Active' : 'Inactive'}</span>
                </dd>
                <dt>Description</dt>
                <dd>{campaign.description || '—'}</dd>
              </dl>
            )}
            {tab === 'ad-groups' &&
              campaign.adGroups.map((group, g) => (
                <section key={g} className="ads-group" aria-label={group.name}>
                  <h3 className="ads-group__title">
                    {group.name} <span className="adm-badge adm-badge--neutral">{MATCH_LABELS[group.keywordType]}</span>
                  </h3>
                  <h4 className="ads-group__label">Keywords ({group.keywords.length})</h4>
                  <ul className="ads-chips">
                    {group.keywords.map((k, i) => (
                      <li key={i}>{k}</li>
                    ))}
                  </ul>
                  {group.ads.map((ad, i) => (
                    <div key={i} className="ads-ad">
                      <h4 className="ads-group__label">
                        Ad {i + 1}: headlines ({ad.headlines.length})
                      </h4>
                      <ul className="ads-counted-list">
                        {ad.headlines.map((h, j) => (
                          <Counted key={j} text={h} max={AD_LIMITS.headlineChars} />
                        ))}
                      </ul>
                      <h4 className="ads-group__label">Descriptions ({ad.descriptions.length})</h4>
                      <ul className="ads-counted-list">
                        {ad.descriptions.map((d, j) => (
                          <Counted key={j} text={d} max={AD_LIMITS.descriptionChars} />
                        ))}
                      </ul>
                    </div>
                  ))}
                </section>
              ))}
            {tab === 'extensions' && (
              <>
                <h3 className="ads-group__title">Sitelinks ({campaign.extensions.sitelinks.length})</h3>
                <ul className="ads-sitelinks">
                  {campaign.extensions.sitelinks.map((s, i) => (
                    <li key={i}>
                      <strong>{s.linkText}</strong>
                      {s.description1 && <span>{s.description1}</span>}
                      {s.description2 && <span>{s.description2}</span>}
                    </li>
                  ))}
                </ul>
                <h3 className="ads-group__title">Callouts ({campaign.extensions.callouts.length})</h3>
                <ul className="ads-chips">
                  {campaign.extensions.callouts.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              </>
            )}
            {tab === 'targeting' && (
              <dl className="ads-facts">
                <dt>Audience</dt>
                <dd>{campaign.targetAudience || '—'}</dd>
                <dt>Network</dt>
                <dd>Google Search (no Search partners or Display Network)</dd>
                <dt>Location</dt>
                <dd>A radius around each clinic&apos;s address, 25 miles unless set at launch</dd>
                <dt>Bid strategy</dt>
                <dd>Maximize Conversions</dd>
              </dl>
            )}
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
