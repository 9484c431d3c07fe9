/**
 * The service editor's count rules (docs/admin.md#validation, Service editor): exactly 6
 * symptoms whose descriptions hold at most 150 characters, exactly 6
 * benefits, exactly 3 process steps whose titles carry no "Step N:" prefix.
 * The screen shows how many are still needed; nothing here blocks saving.
 */

export const EDITOR_COUNTS = { symptoms: 6, benefits: 6, process: 3 } as const;
export type CountedList = keyof typeof EDITOR_COUNTS;

/** The most characters of a symptom's description (a live N/150 counter; typing past it is blocked). */
export const SYMPTOM_DESCRIPTION_MAX = 150;

/** How many items a counted list still needs (0 once it has enough). */
export const itemsNeeded = (list: CountedList, count: number): number => Math.max(0, EDITOR_COUNTS[list] - count);

/** The screen's hint, e.g. '2 more needed'; null when the list is complete. */
export function neededHint(list: CountedList, count: number): string | null {
  const needed = itemsNeeded(list, count);
  return needed > 0 ? `${needed} more needed` : null;
}

/** The add button vanishes once the required count is reached. */
export const canAddItem = (list: CountedList, count: number): boolean => count < EDITOR_COUNTS[list];

/*
 * Every row can be removed, at any count (docs/admin.md: an added row must
 * never trap the admin); the count is a hint, not a lock.
 */

const STEP_PREFIX = /^\s*step\s*\d+\s*[:.)\-–—]\s*/i;

/** True when a process step's title starts with a prefix such as 'Step 1:'. */
export const hasStepPrefix = (title: string): boolean => STEP_PREFIX.test(title);

/** The title without its 'Step N:' prefix. */
export const stripStepPrefix = (title: string): string => title.replace(STEP_PREFIX, '');

/** The message a prefixed step title shows. */
export const STEP_PREFIX_MESSAGE = 'Leave out prefixes such as "Step 1:"; the page numbers the steps itself.';

/** A symptom description as typed, cut at the limit (the input blocks what is past it). */
export const clampSymptomDescription = (text: string): string => text.slice(0, SYMPTOM_DESCRIPTION_MAX);

/** A list as the service API takes it: JSON text, or null when empty (docs/admin.md#calls "null when empty"). */
export const listForSave = <T>(items: readonly T[]): string | null => (items.length ? JSON.stringify(items) : null);
