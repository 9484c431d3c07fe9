/** PostgreSQL error codes we turn into 4xx answers. */
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

const pgCode = (err: unknown): string | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
  const withDriver = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = withDriver.driverError?.code ?? withDriver.code;
  return typeof code === 'string' ? code : undefined;
};

export const isForeignKeyViolation = (err: unknown) => pgCode(err) === FOREIGN_KEY_VIOLATION;
export const isUniqueViolation = (err: unknown) => pgCode(err) === UNIQUE_VIOLATION;
