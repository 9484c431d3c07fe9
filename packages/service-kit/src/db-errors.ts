/** PostgreSQL error codes we turn into 4xx answers. */
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

/** SQLSTATEs that mean "the database is not there right now" (class 08, shutdown, too many connections). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Socket errors on the way to the database. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
/** node-postgres says these in words only. */
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error/i;

interface WithCodes {
  code?: unknown;
  message?: unknown;
  driverError?: { code?: unknown; message?: unknown };
  cause?: unknown;
}

const pgCode = (err: unknown): string | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
  const withDriver = err as WithCodes;
  const code = withDriver.driverError?.code ?? withDriver.code;
  return typeof code === 'string' ? code : undefined;
};

export const isForeignKeyViolation = (err: unknown) => pgCode(err) === FOREIGN_KEY_VIOLATION;
export const isUniqueViolation = (err: unknown) => pgCode(err) === UNIQUE_VIOLATION;

/**
 * The database could not be reached or dropped the connection (as opposed to
 * refusing a statement): the caller gets 503 and may retry.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  const e = err as WithCodes;
  const code = pgCode(err);
  if (code && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  const message = typeof e.driverError?.message === 'string' ? e.driverError.message : typeof e.message === 'string' ? e.message : '';
  if (UNAVAILABLE_MESSAGE.test(message)) return true;
  if (err instanceof AggregateError) return err.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  return isDatabaseUnavailable(e.cause, depth + 1);
}
