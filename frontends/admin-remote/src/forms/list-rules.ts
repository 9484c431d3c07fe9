import type { z } from 'zod';

/** One item of a content list, as the editors name it ('Add FAQ', 'Remove Step'). */
export const LIST_ITEM_NOUN = { benefits: 'Benefit', symptoms: 'Symptom', process: 'Step', faqs: 'FAQ' } as const;

/** A row with nothing typed in any of `fields` (an icon or a rating alone is not content). */
export const isBlankRow = <T>(item: T, fields: ReadonlyArray<keyof T>): boolean =>
  fields.every((f) => {
    const v = item[f];
    return v === null || v === undefined || (typeof v === 'string' && !v.trim());
  });

/** The list without its blank rows: an added row left empty is dropped on save, never refused. */
export const withoutBlankRows = <T>(items: readonly T[], fields: ReadonlyArray<keyof T>): T[] => items.filter((item) => !isBlankRow(item, fields));

/**
 * The schema's messages by field, keyed by their path joined with dots
 * (`benefits.0.title`), the first message of each field. `rename` maps the
 * API's first path segment to the screen's (customFaqs → faqs).
 */
export function issuesByPath(error: z.ZodError, rename: Readonly<Record<string, string>> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const [head, ...rest] = issue.path.map(String);
    const key = [rename[head ?? ''] ?? head ?? '', ...rest].join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** One list's messages (`{index}.{field}`), for its ListEditor. */
export const listIssues = (issues: Readonly<Record<string, string>>, list: string): Record<string, string> =>
  Object.fromEntries(Object.entries(issues).flatMap(([key, message]) => (key.startsWith(`${list}.`) ? [[key.slice(list.length + 1), message]] : [])));

/** 'Fix 1 field before saving' / 'Fix 3 fields before saving'. */
export const fixFieldsMessage = (count: number) => `Fix ${count} ${count === 1 ? 'field' : 'fields'} before saving`;

/** Moves the focus to the first marked field on screen (after the screen has shown it). */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
