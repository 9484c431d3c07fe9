import type { AuditLogEntry } from '@hap/contracts';
import { actorOf, describe as describeEntry } from '../../src/audit/AuditPage';

const entry = (before: Record<string, unknown>, after: Record<string, unknown>): AuditLogEntry =>
  ({
    id: 1,
    service: 'ads',
    action: 'update',
    entity: 'campaign_launch',
    entityId: 'launch-1',
    actorUserId: 1,
    actorEmail: 'admin@agency.test',
    changes: { before, after },
    names: { campaign: 'TRT Austin #1a2b3c4d', client: 'Summit Wellness', account: '1234567890' },
    createdAt: '2026-11-27T12:00:00.000Z',
  }) as unknown as AuditLogEntry;

describe('the Audit Log’s words for a launched campaign changed in Google Ads', () => {
  it('names pauses, resumes and budget changes; a launch’s outcome keeps its words', () => {
    expect(describeEntry(entry({ status: 'ENABLED' }, { status: 'PAUSED' }))).toBe('Paused campaign ‘TRT Austin #1a2b3c4d’ for Summit Wellness');
    expect(describeEntry(entry({ status: 'PAUSED' }, { status: 'ENABLED' }))).toBe('Resumed campaign ‘TRT Austin #1a2b3c4d’ for Summit Wellness');
    expect(describeEntry(entry({ dailyBudget: 33 }, { dailyBudget: 47.5 }))).toBe('Changed the daily budget of campaign ‘TRT Austin #1a2b3c4d’ from $33 to $47.5 for Summit Wellness');
    expect(describeEntry(entry({ status: 'launching' }, { status: 'launched' }))).toBe('Launch of ‘TRT Austin #1a2b3c4d’ for Summit Wellness: launched');
  });
});

describe('the Audit Log’s words for clinic users', () => {
  const userEntry = (action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null, names: Record<string, string> = {}): AuditLogEntry =>
    ({
      id: '2',
      service: 'tenant',
      action,
      entity: 'clinic_user',
      entityId: '12',
      actorUserId: 9,
      actorEmail: names.actor ?? 'admin@agency.test',
      changes: { before, after },
      names,
      requestId: null,
      createdAt: '2026-11-27T12:00:00.000Z',
    }) as unknown as AuditLogEntry;

  it('says who was invited, changed, disabled and removed', () => {
    expect(describeEntry(userEntry('create', null, { email: 'sam@clinic.test', role: 'staff' }))).toBe('Invited ‘sam@clinic.test’ as staff');
    expect(describeEntry(userEntry('update', { email: 'sam@clinic.test', role: 'staff', status: 'active' }, { email: 'sam@clinic.test', role: 'owner', status: 'active' }))).toBe(
      'Made ‘sam@clinic.test’ owner',
    );
    expect(describeEntry(userEntry('update', { email: 'sam@clinic.test', role: 'staff', status: 'active' }, { email: 'sam@clinic.test', role: 'staff', status: 'disabled' }))).toBe(
      'Disabled ‘sam@clinic.test’',
    );
    expect(describeEntry(userEntry('update', null, { email: 'sam@clinic.test', invitation: 'reissued', mail: 'off' }))).toBe(
      'Sent ‘sam@clinic.test’ a new invitation (link handed over: e-mail is off)',
    );
    expect(describeEntry(userEntry('delete', { email: 'sam@clinic.test', role: 'staff' }, null))).toBe('Removed clinic user ‘sam@clinic.test’');
  });
});

describe('the Audit Log’s actor', () => {
  const book = { me: null, clients: new Map<number, string>() };
  it('names a clinic user by name, e-mail and role, an admin by e-mail', () => {
    const byClinic = { ...entry({ status: 'new' }, { status: 'booked' }), actorEmail: 'sam@clinic.test', names: { actor: 'sam@clinic.test', actorName: 'Sam Staff', actorRole: 'clinic staff' } };
    expect(actorOf(byClinic, book)).toBe('Sam Staff <sam@clinic.test> (clinic staff)');
    expect(actorOf(entry({}, {}), book)).toBe('admin@agency.test');
  });
});
