import { callContacts, callSuggestion, isOverdue, unansweredSinceReached } from '../../src/modules/front-desk/front-desk.rules';

describe('callSuggestion (docs/leads.md#calls)', () => {
  it('suggests lost after a wrong number, whatever came before', () => {
    expect(callSuggestion({ outcome: 'wrong_number', status: 'contacted', outcomes: ['reached', 'wrong_number'] })).toMatchObject({ status: 'lost', reason: 'wrong_number' });
  });

  it('suggests lost at the third unanswered call since the patient was last reached, voicemail and no answer alike', () => {
    expect(callSuggestion({ outcome: 'no_answer', status: 'new', outcomes: ['no_answer', 'no_answer'] })).toBeNull();
    expect(callSuggestion({ outcome: 'voicemail', status: 'new', outcomes: ['no_answer', 'voicemail', 'voicemail'] })).toMatchObject({ status: 'lost', reason: 'three_unanswered' });
    expect(callSuggestion({ outcome: 'no_answer', status: 'contacted', outcomes: ['no_answer', 'no_answer', 'reached', 'no_answer'] })).toBeNull();
    expect(callSuggestion({ outcome: 'no_answer', status: 'contacted', outcomes: ['no_answer', 'no_answer', 'no_answer', 'no_answer'] })).toMatchObject({ reason: 'three_unanswered' });
  });

  it('suggests booked after a booking call, unless the lead is booked already', () => {
    expect(callSuggestion({ outcome: 'booked', status: 'contacted', outcomes: ['booked'] })).toMatchObject({ status: 'booked', reason: 'booked_on_call' });
    expect(callSuggestion({ outcome: 'booked', status: 'booked', outcomes: ['booked'] })).toBeNull();
  });

  it('suggests nothing for a closed lead (won or lost) or a reached patient', () => {
    expect(callSuggestion({ outcome: 'wrong_number', status: 'lost', outcomes: ['wrong_number'] })).toBeNull();
    expect(callSuggestion({ outcome: 'no_answer', status: 'won', outcomes: ['no_answer', 'no_answer', 'no_answer'] })).toBeNull();
    expect(callSuggestion({ outcome: 'reached', status: 'new', outcomes: ['reached'] })).toBeNull();
  });
});

describe('the front desk’s other rules', () => {
  it('counts unanswered calls since the last reached or booked one', () => {
    expect(unansweredSinceReached([])).toBe(0);
    expect(unansweredSinceReached(['voicemail', 'booked', 'no_answer', 'wrong_number'])).toBe(1);
  });

  it('moves a lead to contacted only for a call that reached the patient', () => {
    expect(['reached', 'voicemail', 'no_answer', 'wrong_number', 'booked'].filter((o) => callContacts(o as never))).toEqual(['reached', 'booked']);
  });

  it('calls an open task past its time overdue, never a done one', () => {
    const now = new Date('2026-12-04T10:00:00Z');
    expect(isOverdue({ done: false, dueAt: new Date('2026-12-04T09:59:00Z') }, now)).toBe(true);
    expect(isOverdue({ done: true, dueAt: new Date('2026-12-04T09:59:00Z') }, now)).toBe(false);
    expect(isOverdue({ done: false, dueAt: new Date('2026-12-04T10:01:00Z') }, now)).toBe(false);
  });
});
