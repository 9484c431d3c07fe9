import {
  CALL_SUGGESTION_MESSAGES,
  UNANSWERED_CALLS_SUGGEST_LOST,
  UNANSWERED_OUTCOMES,
  type CallOutcome,
  type CallSuggestion,
  type LeadStatus,
} from '@hap/contracts';

/** How many of these calls (oldest first) went unanswered since the patient was last reached. */
export function unansweredSinceReached(outcomes: readonly CallOutcome[]): number {
  let count = 0;
  for (const outcome of outcomes) {
    if (UNANSWERED_OUTCOMES.includes(outcome)) count++;
    else if (outcome === 'reached' || outcome === 'booked') count = 0;
  }
  return count;
}

/**
 * What the product suggests after a call (docs/leads.md#calls), never sets: lost after a wrong number or after
 * three unanswered calls (no answer and voicemail alike) since the patient was last reached; booked after a call
 * that booked. Nothing for a lead already at the status suggested, or closed (won or lost). Pure (unit-tested).
 */
export function callSuggestion(input: { outcome: CallOutcome; status: LeadStatus; outcomes: readonly CallOutcome[] }): CallSuggestion | null {
  const { outcome, status } = input;
  if (status === 'won' || status === 'lost') return null;
  if (outcome === 'wrong_number') return { status: 'lost', reason: 'wrong_number', message: CALL_SUGGESTION_MESSAGES.wrong_number };
  if (outcome === 'booked') return status === 'booked' ? null : { status: 'booked', reason: 'booked_on_call', message: CALL_SUGGESTION_MESSAGES.booked_on_call };
  if (UNANSWERED_OUTCOMES.includes(outcome) && unansweredSinceReached(input.outcomes) >= UNANSWERED_CALLS_SUGGEST_LOST) {
    return { status: 'lost', reason: 'three_unanswered', message: CALL_SUGGESTION_MESSAGES.three_unanswered };
  }
  return null;
}

/** Whether a call moves a new lead to contacted: the patient was spoken to (docs/leads.md#calls). */
export const callContacts = (outcome: CallOutcome): boolean => outcome === 'reached' || outcome === 'booked';

/** Whether an open task is past its due time. */
export const isOverdue = (task: { done: boolean; dueAt: Date }, now: Date): boolean => !task.done && task.dueAt.getTime() < now.getTime();
