/** What a transaction is about to do to a row it reads first. */
export type WriteIntent = 'update' | 'delete';

/**
 * The row lock for each intent (PostgreSQL). Both make concurrent writes to
 * the row take turns. An update takes FOR NO KEY UPDATE, which still lets
 * other transactions insert rows that reference this one (their foreign-key
 * check takes KEY SHARE); a delete takes FOR UPDATE, which does not.
 */
export const LOCK_MODES = { update: 'for_no_key_update', delete: 'pessimistic_write' } as const;
