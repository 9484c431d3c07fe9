import { hasStepPrefix, STEP_PREFIX_MESSAGE, SYMPTOM_ICONS, DEFAULT_SYMPTOM_ICON } from '@hap/contracts';
import type { ReactNode } from 'react';
import { SelectField, TextField } from './fields';
import { ListEditor } from './ListEditor';

/** A titled item (benefit, process step, symptom); a symptom has its icon. */
/** Every item keeps the id it was answered with (docs/template-rollout.md#item-ids); a new row has none until saved. */
export interface TitledItem {
  id?: string;
  title: string;
  description: string;
  icon?: string;
}
export interface FaqItem {
  id?: string;
  question: string;
  answer: string;
}
export interface TestimonialItem {
  id?: string;
  text: string;
  rating: number;
  name: string | null;
}

/** The fields whose text makes a row more than blank (see withoutBlankRows). */
export const TEXT_FIELDS = {
  titled: ['title', 'description'] as const,
  faq: ['question', 'answer'] as const,
  testimonial: ['text', 'name'] as const,
};

interface ListProps<T> {
  id: string;
  title: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  errors?: Readonly<Record<string, string>>;
  canAdd?: boolean;
  badge?: ReactNode;
  hint?: ReactNode;
  emptyText?: string;
}

const ICON_OPTIONS = SYMPTOM_ICONS.map((icon) => ({ value: icon, label: icon }));
const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` }));

/**
 * Benefits, process steps or symptoms: title and description per item; a
 * symptom also its icon (`withIcon`); `descriptionMax` counts and stops the
 * description; `steps` points out a 'Step 1:' prefix in a title.
 */
export function TitledList({ one, withIcon, descriptionMax, steps, ...list }: ListProps<TitledItem> & { one: string; withIcon?: boolean; descriptionMax?: number; steps?: boolean }) {
  return (
    <ListEditor
      {...list}
      one={one}
      firstField="title"
      blank={() => (withIcon ? { title: '', description: '', icon: DEFAULT_SYMPTOM_ICON } : { title: '', description: '' })}
      renderRow={({ item, index, update, fieldId, error }) => (
        <>
          <TextField
            id={fieldId('title')}
            label={`${one} ${index + 1} title`}
            value={item.title}
            onChange={(title) => update({ title })}
            error={error('title') ?? (steps && hasStepPrefix(item.title) ? STEP_PREFIX_MESSAGE : undefined)}
          />
          <TextField
            id={fieldId('description')}
            label={`${one} ${index + 1} description`}
            value={item.description}
            rows={2}
            maxLength={descriptionMax}
            counter={descriptionMax ? `${item.description.length}/${descriptionMax}` : undefined}
            onChange={(description) => update({ description })}
            error={error('description')}
          />
          {withIcon && (
            <SelectField
              id={fieldId('icon')}
              label={`${one} ${index + 1} icon`}
              value={item.icon ?? DEFAULT_SYMPTOM_ICON}
              options={ICON_OPTIONS}
              onChange={(icon) => update({ icon })}
              error={error('icon')}
            />
          )}
        </>
      )}
    />
  );
}

/** FAQs: a question and its answer per item. */
export function FaqList(list: ListProps<FaqItem>) {
  return (
    <ListEditor
      {...list}
      one="FAQ"
      firstField="question"
      blank={() => ({ question: '', answer: '' })}
      renderRow={({ item, index, update, fieldId, error }) => (
        <>
          <TextField id={fieldId('question')} label={`Question ${index + 1}`} value={item.question} onChange={(question) => update({ question })} error={error('question')} />
          <TextField id={fieldId('answer')} label={`Answer ${index + 1}`} value={item.answer} rows={2} onChange={(answer) => update({ answer })} error={error('answer')} />
        </>
      )}
    />
  );
}

/** Testimonials: the words, who said them and the rating (1–5 stars). */
export function TestimonialList(list: ListProps<TestimonialItem>) {
  return (
    <ListEditor
      {...list}
      one="Testimonial"
      firstField="text"
      blank={() => ({ text: '', rating: 5, name: null })}
      renderRow={({ item, index, update, fieldId, error }) => (
        <>
          <TextField id={fieldId('text')} label={`Testimonial ${index + 1} text`} value={item.text} rows={2} onChange={(text) => update({ text })} error={error('text')} />
          <div className="frm-grid">
            <TextField id={fieldId('name')} label={`Testimonial ${index + 1} name`} value={item.name ?? ''} onChange={(name) => update({ name: name || null })} error={error('name')} />
            <SelectField
              id={fieldId('rating')}
              label={`Testimonial ${index + 1} rating`}
              value={String(item.rating)}
              options={RATING_OPTIONS}
              onChange={(rating) => update({ rating: Number(rating) })}
              error={error('rating')}
            />
          </div>
        </>
      )}
    />
  );
}
