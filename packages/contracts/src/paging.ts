import { z } from 'zod';

/**
 * Paged lists: the page and its size as a query string
 * carries them, and the paged answer. The admin screens read their URL with
 * the same schemas, so a hand-edited `?page=x` meets the API's own sentence.
 */

/** A query value the form or URL leaves empty ('') counts as absent. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `?page=`: a whole number from 1, 1 when absent. */
export const pageQuery = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Page must be a whole number' })
      .regex(/^\d+$/, 'Page must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'Page must be 1 or more').max(100_000, 'Page is too large'))
      .optional()
      .transform((v) => v ?? 1),
  );

/** `?pageSize=`: a whole number from 1 to `max`, `fallback` when absent. */
export const pageSizeQuery = (max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Page size must be a whole number' })
      .regex(/^\d+$/, 'Page size must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'Page size must be 1 or more').max(max, `Page size must be at most ${max}`))
      .optional()
      .transform((v) => v ?? fallback),
  );

/** One page of `item`s, with how many there are in all. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** At least 1: page 1 of nothing is a page. */
    pageCount: z.number().int(),
  });
