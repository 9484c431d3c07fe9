import { createHash } from 'node:crypto';
import type { OnboardingSubmit } from '@hap/contracts';

/** A business is the same when its e-mail and name match, in any case and spacing. */
export const businessKeyOf = (input: Pick<OnboardingSubmit, 'email' | 'name'>): string =>
  `${input.email.trim().toLowerCase()}\n${input.name.trim().replace(/\s+/g, ' ').toLowerCase()}`;

/** How long a business's earlier sign-up is found again instead of creating a second clinic. */
export const SAME_BUSINESS_WINDOW_HOURS = 24;

/** A digest of what was submitted: one idempotency key may not carry two different sign-ups. */
export function onboardingHash(input: OnboardingSubmit): string {
  const canonical = { ...input, selectedServiceIds: [...input.selectedServiceIds].sort((a, b) => a - b) };
  return createHash('sha256').update(JSON.stringify(canonical, Object.keys(canonical).sort())).digest('hex');
}

/** The chosen ids the catalogue does not hold, in the order chosen. */
export const unknownServiceIds = (chosen: readonly number[], offered: ReadonlySet<number>): number[] => chosen.filter((id) => !offered.has(id));
