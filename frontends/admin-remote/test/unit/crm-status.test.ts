import { canCreateCrmAccount, crmBadge, CRM_PENDING_STUCK_MS } from '../../src/clients/crm-status';

const none = { ghlSubaccountId: null, ghlSubaccountName: null, crmStatus: null, crmError: null, crmUpdatedAt: null };

describe("a clinic's CRM sub-account on its row (docs/admin.md)", () => {
  it('says where it stands, with the name or the failure', () => {
    expect(crmBadge(none)).toEqual({ label: 'No CRM account', tone: 'neutral', detail: null });
    expect(crmBadge({ ...none, ghlSubaccountId: 'loc1', ghlSubaccountName: 'Summit', crmStatus: 'created' })).toEqual({ label: 'CRM ready', tone: 'success', detail: 'Summit' });
    expect(crmBadge({ ...none, crmStatus: 'pending' })).toMatchObject({ label: 'CRM setting up', tone: 'warning' });
    expect(crmBadge({ ...none, crmStatus: 'failed', crmError: 'GoHighLevel answered 422' })).toEqual({
      label: 'CRM failed',
      tone: 'danger',
      detail: 'GoHighLevel answered 422',
    });
    expect(crmBadge({ ...none, crmStatus: 'not_configured' })).toMatchObject({ label: 'CRM not configured' });
    expect(crmBadge({ ...none, ghlSubaccountId: 'loc9' })).toEqual({ label: 'CRM ready', tone: 'success', detail: 'loc9' });
  });

  it('offers Create CRM Account without a sub-account or after a failure, not while a job is on it unless it is stuck', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(canCreateCrmAccount(none, now)).toBe(true);
    expect(canCreateCrmAccount({ ...none, crmStatus: 'not_configured' }, now)).toBe(true);
    expect(canCreateCrmAccount({ ...none, ghlSubaccountId: 'loc1', crmStatus: 'created' }, now)).toBe(false);
    expect(canCreateCrmAccount({ ...none, ghlSubaccountId: 'loc1', crmStatus: 'failed' }, now)).toBe(true);
    expect(canCreateCrmAccount({ ...none, crmStatus: 'pending', crmUpdatedAt: new Date(now - 1000).toISOString() }, now)).toBe(false);
    expect(canCreateCrmAccount({ ...none, crmStatus: 'pending', crmUpdatedAt: new Date(now - CRM_PENDING_STUCK_MS).toISOString() }, now)).toBe(true);
  });
});
