/** PostgreSQL error codes we turn into 4xx answers. */
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';

/**
 * Set on an error raised while a connection was being opened (the data
 * source's pool, `database.ts`): whatever the error says, the database could
 * not be reached or would not take us.
 */
const OPENING_A_CONNECTION = Symbol.for('@hap/service-kit.database.opening-a-connection');

/**
 * A server's answer to a statement that says the server or the session is
 * going away, not that the statement is wrong: connection exceptions (08),
 * shutdown and start-up states and the session ended (57P0x), insufficient
 * resources (53: too many connections, disk full, out of memory), the
 * server's own system errors (58: I/O error) and a server taking no writes
 * (25006: a standby, as during a fail-over).
 */
const SERVER_GOING_AWAY = /^(08...|57P..|53...|58...|25006)$/;
/** Socket errors on the way to the database (Node's errno codes). */
const SOCKET_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EPIPE']);
/** node-postgres and pg-pool say a lost or never-made connection in words only. */
const CONNECTION_LOST = /Connection terminated|timeout exceeded when trying to connect|connection timeout|is not queryable|Cannot use a pool after calling end/i;
/** A SQLSTATE: five digits or upper-case letters; no class starts with E, as Node's errno codes (EPIPE) do. */
const SQLSTATE = /^[0-9A-DF-Z][0-9A-Z]{4}$/;

interface WithCodes {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

const pgCode = (err: unknown): string | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
  const withDriver = err as WithCodes & { driverError?: { code?: unknown } };
  const code = withDriver.driverError?.code ?? withDriver.code;
  return typeof code === 'string' ? code : undefined;
};

export const isForeignKeyViolation = (err: unknown) => pgCode(err) === FOREIGN_KEY_VIOLATION;
export const isUniqueViolation = (err: unknown) => pgCode(err) === UNIQUE_VIOLATION;
/** An exclusion constraint refused the row (e.g. two appointments in one seat and time). */
export const isExclusionViolation = (err: unknown) => pgCode(err) === EXCLUSION_VIOLATION;

/**
 * Marks `err` as raised while opening a connection to the database (the
 * pool's connect: refused, reset, timed out, or the server's FATAL answer to
 * the start-up: 55000 'not currently accepting connections', 57P03 'starting
 * up' or 'shutting down', 53300, 28P01, 3D000, or anything else). Returns it.
 */
export function markConnectFailure<E>(err: E): E | Error {
  if (typeof err !== 'object' || err === null) return markConnectFailure(new Error(`could not connect to the database: ${String(err)}`));
  if (!Object.isExtensible(err)) return markConnectFailure(new Error('could not connect to the database', { cause: err }));
  Object.defineProperty(err, OPENING_A_CONNECTION, { value: true, enumerable: false });
  return err;
}

/**
 * What failed, by where it failed:
 * - `connect`: a connection could not be opened (marked by the data source's
 *   pool, whatever its code, so a way of being down that no list names is
 *   still one);
 * - `lost`: the connection went away under a statement (a socket error,
 *   node-postgres's 'Connection terminated …', or the server's answer that it
 *   or the session is going away: `SERVER_GOING_AWAY`);
 * - `answer`: the server answered the statement itself (a constraint, a
 *   data error, a syntax error, a serialization failure …);
 * - `null`: not a database failure at all.
 */
export type DatabaseFailure = 'connect' | 'lost' | 'answer' | null;

export function databaseFailure(err: unknown, depth = 0): DatabaseFailure {
  if (typeof err !== 'object' || err === null || depth > 4) return null;
  const e = err as WithCodes;
  if ((err as Record<symbol, unknown>)[OPENING_A_CONNECTION] === true) return 'connect';
  // TypeORM's QueryFailedError wraps the driver's error; a wrapper of ours keeps it as `cause`.
  for (const inner of [e.driverError, e.cause]) {
    const found = databaseFailure(inner, depth + 1);
    if (found) return found;
  }
  if (err instanceof AggregateError) {
    // Every address of a name refused: a connect failure; any inner one decides.
    for (const inner of err.errors as unknown[]) {
      const found = databaseFailure(inner, depth + 1);
      if (found) return found;
    }
  }
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && SOCKET_ERRNO.has(code)) return 'lost';
  if (code && SQLSTATE.test(code)) return SERVER_GOING_AWAY.test(code) ? 'lost' : 'answer';
  if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message)) return 'lost';
  return null;
}

/**
 * The database could not be reached, would not take a connection, or dropped
 * the connection (as opposed to answering a statement): the caller gets 503
 * and may retry, and a lead is held until it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const failure = databaseFailure(err);
  return failure === 'connect' || failure === 'lost';
}
