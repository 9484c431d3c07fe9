import * as Dialog from '@radix-ui/react-dialog';
import { OPTIMIZATION_GOAL_LABELS, type AdGroup, type CampaignJob, type CampaignProposal, type OptimizationGoal, type TemplateCampaign } from '@hap/contracts';
import { Check, LoaderCircle, Sparkles, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogFooter } from '../pages/DialogFooter';
import './optimize-proposal.css';
import { ModalDialog } from '../pages/ModalDialog';

/**
 * Optimize asks first: what the AI will do, and that the
 * campaign stays as it is until the admin keeps the changes.
 */
export function OptimizeConfirmDialog({
  asking,
  onCancel,
  onConfirm,
}: {
  asking: { campaign: TemplateCampaign; goal: OptimizationGoal } | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog open={asking !== null} onOpenChange={(open) => !open && onCancel()} className="adm-dialog adm-dialog--narrow" role="alertdialog">
      <div className="adm-dialog__header">
        <Dialog.Title className="adm-dialog__title">Optimize {asking?.campaign.name} with AI?</Dialog.Title>
      </div>
      <div className="adm-dialog__body">
        <Dialog.Description className="adm-dialog__text">
          The AI rewrites the campaign&rsquo;s headlines, descriptions, keywords and extensions for the goal <strong>{asking ? OPTIMIZATION_GOAL_LABELS[asking.goal] : ''}</strong>. You will
          see its changes next to the current version and choose to keep or discard them. The current version stays in use until you keep the changes.
        </Dialog.Description>
        <DialogFooter action="Optimize with AI" pending={false} icon={<Sparkles size={16} aria-hidden />} onAction={onConfirm} />
      </div>
    </ModalDialog>
  );
}

const MATCH_LABELS = { EXACT: 'Exact match', PHRASE: 'Phrase match', BROAD: 'Broad match' } as const;
const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A list of texts, each marked new (not in the other version) or removed (only in the current one). */
function Texts({ items, other, side, label }: { items: readonly string[]; other: readonly string[]; side: 'current' | 'proposed'; label: string }) {
  const others = new Set(other.map(key));
  if (items.length === 0) return <p className="adm-muted opt-none">No {label.toLowerCase()}</p>;
  return (
    <ul className="opt-texts" aria-label={label}>
      {items.map((text, i) => {
        const differs = !others.has(key(text));
        const mark = differs ? (side === 'proposed' ? 'new' : 'removed') : null;
        return (
          <li key={i} className={mark ? `opt-texts__item opt-texts__item--${mark}` : 'opt-texts__item'}>
            {text}
            {mark && <span className="opt-tag">{mark === 'new' ? 'New' : 'Removed'}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** One thing in both versions: the current on the left, the proposed on the right. */
function SideBySide({ title, current, proposed }: { title: string; current: ReactNode; proposed: ReactNode }) {
  return (
    <section className="opt-section">
      <h3 className="opt-section__title">{title}</h3>
      <div className="opt-compare">
        <section className="opt-side opt-side--current" aria-label={`Current version: ${title}`}>
          <p className="opt-side__label">Current</p>
          {current}
        </section>
        <section className="opt-side opt-side--proposed" aria-label={`Proposed version: ${title}`}>
          <p className="opt-side__label">Proposed</p>
          {proposed}
        </section>
      </div>
    </section>
  );
}

function Field({ label, value, other, side }: { label: string; value: string; other: string; side: 'current' | 'proposed' }) {
  const changed = key(value) !== key(other);
  return (
    <div className="opt-field">
      <p className="opt-field__label">
        {label}
        {changed && side === 'proposed' && <span className="opt-tag">Changed</span>}
      </p>
      <p className="opt-field__value">{value || '—'}</p>
    </div>
  );
}

function GroupSide({ group, other, side }: { group: AdGroup | undefined; other: AdGroup | undefined; side: 'current' | 'proposed' }) {
  if (!group) return <p className="adm-muted opt-none">{side === 'current' ? 'Not in the current version' : 'Left out of the proposal'}</p>;
  const headlines = (g: AdGroup | undefined) => g?.ads.flatMap((a) => a.headlines) ?? [];
  const descriptions = (g: AdGroup | undefined) => g?.ads.flatMap((a) => a.descriptions) ?? [];
  return (
    <>
      <p className="opt-field__label">
        {group.name} · {MATCH_LABELS[group.keywordType]}
      </p>
      <p className="opt-field__label">Keywords ({group.keywords.length})</p>
      <Texts items={group.keywords} other={other?.keywords ?? []} side={side} label="Keywords" />
      <p className="opt-field__label">Headlines ({headlines(group).length})</p>
      <Texts items={headlines(group)} other={headlines(other)} side={side} label="Headlines" />
      <p className="opt-field__label">Descriptions ({descriptions(group).length})</p>
      <Texts items={descriptions(group)} other={descriptions(other)} side={side} label="Descriptions" />
    </>
  );
}

/**
 * The AI's proposal beside the campaign as it is: overview,
 * each ad group's keywords, headlines and descriptions, sitelinks and
 * callouts, what is new or removed marked on each side. Keep changes applies
 * it; Discard drops it; closing leaves it waiting on the campaign's card.
 */
export function ProposalDialog({
  job,
  campaign,
  pending,
  onKeep,
  onDiscard,
  onClose,
}: {
  job: CampaignJob | null;
  campaign: TemplateCampaign | null;
  pending: 'keep' | 'discard' | null;
  onKeep: () => void;
  onDiscard: () => void;
  onClose: () => void;
}) {
  const proposal: CampaignProposal | null = job?.proposal ?? null;
  const open = job !== null && campaign !== null && proposal !== null;
  const groups = open ? Math.max(campaign.adGroups.length, proposal.adGroups.length) : 0;
  const sitelinks = (c: Pick<CampaignProposal, 'extensions'>) => c.extensions.sitelinks.map((s) => [s.linkText, s.description1, s.description2].filter(Boolean).join(' · '));
  return (
    <ModalDialog open={open} onOpenChange={(next) => !next && onClose()} className="adm-dialog opt-dialog" title={`Proposed changes: ${campaign?.name ?? ''}`}>
      {open && (
        <div className="adm-dialog__form">
          {/* The versions scroll between the header and the buttons: reachable by keyboard too. */}
          <div className="adm-dialog__body" tabIndex={0} role="region" aria-label="Current and proposed versions">
            <Dialog.Description className="adm-dialog__text">
              The AI&rsquo;s rewrite for <strong>{job.goal ? OPTIMIZATION_GOAL_LABELS[job.goal] : 'the goal'}</strong>, next to the current version. Nothing changes until you keep it: the
              current version stays what launches use.
            </Dialog.Description>
            <SideBySide
              title="Overview"
              current={
                <>
                  <Field label="Description" value={campaign.description} other={proposal.description} side="current" />
                  <Field label="Keyword theme" value={campaign.keywordTheme} other={proposal.keywordTheme} side="current" />
                  <Field label="Target audience" value={campaign.targetAudience} other={proposal.targetAudience} side="current" />
                </>
              }
              proposed={
                <>
                  <Field label="Description" value={proposal.description} other={campaign.description} side="proposed" />
                  <Field label="Keyword theme" value={proposal.keywordTheme} other={campaign.keywordTheme} side="proposed" />
                  <Field label="Target audience" value={proposal.targetAudience} other={campaign.targetAudience} side="proposed" />
                </>
              }
            />
            {Array.from({ length: groups }, (_, i) => {
              const now = campaign.adGroups[i];
              const next = proposal.adGroups[i];
              return (
                <SideBySide
                  key={i}
                  title={`Ad group: ${next?.name ?? now?.name ?? i + 1}`}
                  current={<GroupSide group={now} other={next} side="current" />}
                  proposed={<GroupSide group={next} other={now} side="proposed" />}
                />
              );
            })}
            <SideBySide
              title="Extensions"
              current={
                <>
                  <p className="opt-field__label">Sitelinks</p>
                  <Texts items={sitelinks(campaign)} other={sitelinks(proposal)} side="current" label="Sitelinks" />
                  <p className="opt-field__label">Callouts</p>
                  <Texts items={campaign.extensions.callouts} other={proposal.extensions.callouts} side="current" label="Callouts" />
                </>
              }
              proposed={
                <>
                  <p className="opt-field__label">Sitelinks</p>
                  <Texts items={sitelinks(proposal)} other={sitelinks(campaign)} side="proposed" label="Sitelinks" />
                  <p className="opt-field__label">Callouts</p>
                  <Texts items={proposal.extensions.callouts} other={campaign.extensions.callouts} side="proposed" label="Callouts" />
                </>
              }
            />
          </div>
          <div className="adm-dialog__footer">
            <button type="button" className="adm-button adm-button--secondary" onClick={onDiscard} disabled={pending !== null}>
              {pending === 'discard' ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Undo2 size={16} aria-hidden />}
              Discard
            </button>
            <button type="button" className="adm-button adm-button--primary" onClick={onKeep} disabled={pending !== null}>
              {pending === 'keep' ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Check size={16} aria-hidden />}
              Keep changes
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
