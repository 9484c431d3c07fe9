import { signLeadBookingToken, verifyLeadBookingToken } from '../src';

const secret = 'a-test-secret-of-some-length';

describe("the lead's booking token (a booking from the thank-you page is that lead's)", () => {
  it('verifies what was signed, for the same clinic', () => {
    const token = signLeadBookingToken(secret, { leadId: 42, clientId: 7 });
    expect(token).toMatch(/^42\.7\.[A-Za-z0-9_-]{43}$/);
    expect(verifyLeadBookingToken(secret, token, 7)).toEqual({ leadId: 42, clientId: 7 });
    expect(verifyLeadBookingToken(secret, ` ${token} `, 7)).toEqual({ leadId: 42, clientId: 7 });
  });

  it('refuses another clinic, another key, an altered lead and anything that is not a token', () => {
    const token = signLeadBookingToken(secret, { leadId: 42, clientId: 7 });
    const mac = token.split('.')[2];
    expect(verifyLeadBookingToken(secret, token, 8)).toBeNull();
    expect(verifyLeadBookingToken('another-secret', token, 7)).toBeNull();
    expect(verifyLeadBookingToken(secret, `43.7.${mac}`, 7)).toBeNull();
    expect(verifyLeadBookingToken(secret, `42.8.${mac}`, 8)).toBeNull();
    for (const junk of ['', '42.7', 'not-a-token', `42.7.${mac}x`, null, undefined]) expect(verifyLeadBookingToken(secret, junk, 7)).toBeNull();
  });
});
