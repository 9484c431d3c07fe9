import type { FastifyRequest } from 'fastify';
import { ErrorCode, NUL_MESSAGE, type ErrorIssue } from '@hap/contracts';
import { AppError } from './errors';

/**
 * PostgreSQL text cannot hold NUL, and a query parameter or path segment
 * with one used to reach the database and fail there (a 500: docs/platform.md, the
 * audit-log filters). Bodies are checked by their schemas (`noNul`); the
 * address is checked here, once for every route of every service.
 */

const NUL = '\u0000';
/** `%00` is a NUL once decoded, and every path and query parser decodes it. */
const ENCODED_NUL = '%00';

const holdsNul = (text: string) => text.includes(NUL) || text.includes(ENCODED_NUL);

/** A query parameter's name for the answer: decoded when it can be. */
function readableName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).replaceAll(NUL, '') || raw;
  } catch {
    return raw;
  }
}

/**
 * Where a URL holds a NUL, raw or `%00`: `path` for the path, else each query
 * parameter by name (its name or its value). Empty when there is none.
 */
export function nulIssuesOf(url: string): ErrorIssue[] {
  if (!holdsNul(url)) return [];
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const issues: ErrorIssue[] = holdsNul(path) ? [{ path: 'path', message: NUL_MESSAGE }] : [];
  if (mark < 0) return issues;
  const names = new Set<string>();
  for (const part of url.slice(mark + 1).split('&')) {
    if (!holdsNul(part)) continue;
    const eq = part.indexOf('=');
    names.add(readableName(eq < 0 ? part : part.slice(0, eq)));
  }
  for (const name of names) issues.push({ path: name, message: NUL_MESSAGE });
  return issues;
}

/**
 * An `onRequest` hook: a URL with a NUL is a 400 (VALIDATION_FAILED, the
 * contracts' NUL message, each place named) before validation, handlers or
 * the database see it.
 */
export async function refuseNulInUrl(request: FastifyRequest): Promise<void> {
  const issues = nulIssuesOf(request.url);
  if (issues.length) throw new AppError(400, ErrorCode.VALIDATION_FAILED, NUL_MESSAGE, issues);
}
