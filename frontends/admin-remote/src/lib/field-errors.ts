import { ApiError } from '@hap/contracts';

/**
 * The API's words about one field of a form (the error envelope's `issues`,
 * `path` the field's name), or null when the failure is not about that field
 * and belongs elsewhere (the form's general error, a toast).
 */
export function apiFieldError(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.issues?.find((issue) => issue.path === field)?.message ?? null;
}
