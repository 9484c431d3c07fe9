/**
 * A new template's slug from its name: lower-case words joined by hyphens,
 * accents dropped, never only digits (a path that is a number means a
 * template id); `-2`, `-3`, … when the slug is taken.
 */
export function slugFor(name: string, taken: ReadonlySet<string> = new Set()): string {
  let base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  if (!base) base = 'template';
  if (/^\d+$/.test(base)) base = `template-${base}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The stages the Create New Template screen shows, with their progress. */
export const STAGES = {
  queued: { progress: 0, stage: 'Waiting for the AI writer…' },
  writing: { progress: 20, stage: 'Writing the template content…' },
  rewriting: { progress: 45, stage: 'Fixing what broke the template rules…' },
  saving: { progress: 80, stage: 'Checking and saving the template…' },
  done: { progress: 100, stage: 'Template created!' },
} as const;
