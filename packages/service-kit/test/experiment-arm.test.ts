import { createHmac } from 'node:crypto';
import { EXPERIMENT_ARM_TOKEN_TTL_SECONDS, signExperimentArm, verifyExperimentArm } from '../src';

const secret = 'a-test-secret-of-some-length';
const arm = { experimentId: 12, variant: 'B' as const, clientId: 7 };

describe('the signed experiment arm of a page (a lead counts for an arm only with it)', () => {
  it('verifies what the page signed, for the same clinic, until it expires', () => {
    const now = Date.UTC(2026, 11, 1);
    const token = signExperimentArm(secret, arm, now);
    expect(token).toMatch(/^12\.B\.7\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyExperimentArm(secret, token, 7, now)).toEqual(arm);
    expect(verifyExperimentArm(secret, ` ${token} `, 7, now + (EXPERIMENT_ARM_TOKEN_TTL_SECONDS - 1) * 1000)).toEqual(arm);
    expect(verifyExperimentArm(secret, token, 7, now + (EXPERIMENT_ARM_TOKEN_TTL_SECONDS + 1) * 1000)).toBeNull();
  });

  it('refuses another clinic, another key, an altered arm or experiment, and anything that is not a token', () => {
    const token = signExperimentArm(secret, arm);
    expect(verifyExperimentArm(secret, token, 8)).toBeNull();
    expect(verifyExperimentArm('another-secret', token, 7)).toBeNull();
    expect(verifyExperimentArm(secret, token.replace('12.B.', '12.C.'), 7)).toBeNull();
    expect(verifyExperimentArm(secret, token.replace('12.B.', '13.B.'), 7)).toBeNull();
    expect(verifyExperimentArm(secret, `${token.slice(0, -2)}xx`, 7)).toBeNull();
    for (const odd of [null, undefined, '', '12:B', '12.B.7', `${token}.x`, 'x'.repeat(500)]) expect(verifyExperimentArm(secret, odd, 7)).toBeNull();
  });

  it('is not the internal secret’s identity signature: the key is derived, so the same text signs differently', () => {
    const token = signExperimentArm(secret, arm, 0);
    const mac = token.split('.').at(-1);
    expect(mac).not.toBe(createHmac('sha256', secret).update(token.split('.').slice(0, 4).join('.')).digest('base64url'));
  });
});
