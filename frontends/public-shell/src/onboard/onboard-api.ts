/**
 * Onboarding's two calls through the gateway: the public catalogue (step 2)
 * and the registration. Plain fetch with the contracts' zod-free paths
 * (tenant/onboarding-wire.ts): public pages ship no schema library (docs/public-site.md#page-speed); the tenant and templates services check and shape both by their route
 * contracts, and the answers are read defensively here.
 */
import {
  IDEMPOTENCY_HEADER,
  ONBOARDING_SUBMIT_PATH,
  PUBLIC_CATALOGUE_PATH,
  type CatalogueEntry,
  type OnboardingResult,
  type OnboardingSubmitInput,
} from '@hap/contracts';
import { jsonOf } from '../landing/lead-submission';

/** docs/public-site.md#messages: the failure toast's title, and its text when the server gave none. */
export const REGISTRATION_FAILED = 'Registration Failed';
export const REGISTRATION_FALLBACK_MESSAGE = 'Failed to create client';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The catalogue's entries from `{ success: true, data: [...] }`; entries without an id or a name are left out. */
export function catalogueOf(answer: unknown): CatalogueEntry[] | null {
  const data = isRecord(answer) && answer.success === true ? answer.data : null;
  if (!Array.isArray(data)) return null;
  return data.filter(isRecord).flatMap((item) =>
    Number.isInteger(item.id) && text(item.name)
      ? [
          {
            id: item.id as number,
            name: text(item.name),
            slug: text(item.slug),
            category: text(item.category),
            subcategory: text(item.subcategory),
            description: text(item.description),
            offer: text(item.offer) || null,
          },
        ]
      : [],
  );
}

/** GET the public catalogue; throws when it cannot be read (the step offers 'Try Again'). */
export async function loadCatalogue(signal?: AbortSignal): Promise<CatalogueEntry[]> {
  const response = await fetch(PUBLIC_CATALOGUE_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal });
  const entries = response.ok ? catalogueOf(await jsonOf(response)) : null;
  if (!entries) throw new Error(`The catalogue could not be read (${response.status})`);
  return entries;
}

export type RegistrationOutcome =
  | { ok: true; result: OnboardingResult }
  | { ok: false; status: number; message: string; issues: { path: string; message: string }[] };

/** The clinic from `{ success: true, data: { clientId, name, activatedServiceIds, created } }`, or null. */
export function registrationOf(answer: unknown): OnboardingResult | null {
  const data = isRecord(answer) && answer.success === true && isRecord(answer.data) ? answer.data : null;
  if (!data || !Number.isInteger(data.clientId)) return null;
  const ids = Array.isArray(data.activatedServiceIds) ? data.activatedServiceIds.filter(Number.isInteger) : [];
  return { clientId: data.clientId as number, name: text(data.name), activatedServiceIds: ids as number[], created: data.created !== false };
}

/** The server's sentence and field issues of an error envelope (`{ success: false, message, issues }`). */
export function failureOf(status: number, answer: unknown): Extract<RegistrationOutcome, { ok: false }> {
  const message = isRecord(answer) && answer.success === false ? text(answer.message).trim() : '';
  const raw = isRecord(answer) && Array.isArray(answer.issues) ? answer.issues : [];
  const issues = raw.filter(isRecord).map((issue) => ({ path: text(issue.path), message: text(issue.message) }));
  return { ok: false, status, message: message || REGISTRATION_FALLBACK_MESSAGE, issues: issues.filter((i) => i.path && i.message) };
}

/**
 * Sends the registration; never throws. A retry of the same values sends the
 * same key, so the server answers the first clinic instead of making another.
 */
export async function register(body: OnboardingSubmitInput, key: string, fetchImpl: typeof fetch = fetch): Promise<RegistrationOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(ONBOARDING_SUBMIT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [IDEMPOTENCY_HEADER]: key },
      body: JSON.stringify(body),
    });
  } catch {
    return failureOf(0, null);
  }
  const answer = await jsonOf(response);
  const result = response.ok ? registrationOf(answer) : null;
  return result ? { ok: true, result } : failureOf(response.status, answer);
}
