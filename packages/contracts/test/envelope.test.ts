import { ErrorCode, errorEnvelope, ErrorEnvelopeSchema } from '../src';

describe('errorEnvelope', () => {
  it('writes the envelope every error answer carries, with no issues key unless given', () => {
    const body = errorEnvelope(ErrorCode.NOT_FOUND, 'Client 9 was not found.');
    expect(JSON.stringify(body)).toBe('{"success":false,"code":"NOT_FOUND","message":"Client 9 was not found."}');
    expect(ErrorEnvelopeSchema.parse(body)).toEqual(body);
  });

  it("keeps a validation failure's issues", () => {
    const issues = [{ path: 'email', message: 'Please enter a valid email address' }];
    const body = errorEnvelope(ErrorCode.VALIDATION_FAILED, issues[0].message, issues);
    expect(body).toEqual({ success: false, code: 'VALIDATION_FAILED', message: issues[0].message, issues });
    expect(ErrorEnvelopeSchema.parse(body)).toEqual(body);
  });

  it("keeps a taken booking's next free slots, which the envelope's schema lets through", () => {
    const nextSlots = [{ start: '2030-01-07T15:00:00.000Z', local: '2030-01-07T10:00:00.000-05:00' }];
    const body = errorEnvelope(ErrorCode.SLOT_TAKEN, 'That time was just taken', undefined, { nextSlots });
    expect(JSON.stringify(body)).toBe(`{"success":false,"code":"SLOT_TAKEN","message":"That time was just taken","nextSlots":${JSON.stringify(nextSlots)}}`);
    expect(ErrorEnvelopeSchema.parse(body)).toEqual(body);
  });
});
