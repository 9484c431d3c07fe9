import type { PerformanceAccount } from '@hap/contracts';
import { readSince } from '../../src/results/RefreshNow';

const account = (fields: Partial<PerformanceAccount>): PerformanceAccount => ({
  clientId: 1,
  customerId: '1234567890',
  state: 'ok',
  message: null,
  syncedThrough: '2026-12-03',
  lastSyncedAt: '2026-12-04T10:00:00.000Z',
  ...fields,
});

describe('Read Google Ads now: when an account’s read is over (docs/results-and-experiments.md#the-results-screen)', () => {
  it('is over when the server’s read time moved, whatever the browser’s clock says', () => {
    const before = account({});
    expect(readSince(account({}), before)).toBe(false);
    expect(readSince(account({ lastSyncedAt: '2026-12-04T10:05:00.000Z' }), before)).toBe(true);
    expect(readSince(account({ state: 'pending', lastSyncedAt: null }), account({ state: 'pending', lastSyncedAt: null }))).toBe(false);
    expect(readSince(account({ lastSyncedAt: '2026-12-04T10:05:00.000Z' }), account({ state: 'pending', lastSyncedAt: null }))).toBe(true);
  });

  it('is over when Google newly refuses the account or the connection is gone; an old refusal waits for the read', () => {
    expect(readSince(account({ state: 'refused' }), account({}))).toBe(true);
    expect(readSince(account({ state: 'disconnected' }), account({}))).toBe(true);
    expect(readSince(account({ state: 'refused' }), account({ state: 'refused' }))).toBe(false);
  });
});
