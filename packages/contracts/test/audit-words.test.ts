import { describeAudit, type AuditLogEntry } from '../src';

/** An entry as the audit API answers it. */
const entry = (entity: string, action: string, changes: AuditLogEntry['changes'], names: AuditLogEntry['names'] = {}, entityId = '41'): AuditLogEntry => ({
  id: '1',
  service: 'tenant',
  action,
  entity,
  entityId,
  actorUserId: 1,
  actorEmail: 'ana@agency.example',
  names,
  requestId: null,
  changes,
  createdAt: '2026-12-01T10:00:00.000Z',
});

const HP = { client: 'Harbor Peak' };

/** Every kind of entry the four services write, in words, by name: none by its number. */
describe('describeAudit: the audit log names things by name', () => {
  it.each<[AuditLogEntry, string]>([
    [entry('experiment', 'update', { before: { status: 'running', winner: null }, after: { status: 'stopped', winner: 'B' } }, { ...HP, service: 'TRT' }), 'Stopped experiment ‘TRT’ at Harbor Peak, winner B'],
    [entry('experiment', 'create', { after: { status: 'running', arms: [{ variant: 'A', weight: 70 }, { variant: 'B', weight: 30 }] } }, { ...HP, service: 'TRT' }), 'Started experiment ‘TRT’ at Harbor Peak (A 70%, B 30%)'],
    [entry('experiment', 'update', { before: { status: 'running' }, after: { status: 'paused' } }, { ...HP, service: 'TRT' }), 'Paused experiment ‘TRT’ at Harbor Peak'],
    [entry('client', 'update', { before: { phone: '1' }, after: { phone: '2' } }, HP), 'Changed client ‘Harbor Peak’: phone'],
    [entry('client', 'create', { after: { name: 'Harbor Peak', source: 'onboarding' } }), 'Added client ‘Harbor Peak’ (self-onboarding)'],
    [entry('client', 'delete', { before: { name: 'Harbor Peak' } }), 'Deleted client ‘Harbor Peak’'],
    [entry('client_domain', 'create', { after: { domain: 'www.harborpeak.com', status: 'pending' } }, HP), 'Claimed domain www.harborpeak.com for Harbor Peak'],
    [entry('client_domain', 'update', { before: { status: 'verified' }, after: { status: 'active', reason: null } }, { ...HP, subject: 'www.harborpeak.com' }), 'Domain www.harborpeak.com for Harbor Peak is now active'],
    [entry('client_domain', 'delete', { before: { domain: 'www.harborpeak.com' } }, HP), 'Removed domain www.harborpeak.com from Harbor Peak'],
    [entry('domain_mapping', 'create', { after: { domain: 'harborpeak.com', path: '/' } }, HP), 'Mapped harborpeak.com to Harbor Peak'],
    [entry('staff_member', 'create', { after: { name: 'Dr. Lee' } }, HP), 'Added staff member ‘Dr. Lee’ at Harbor Peak'],
    [entry('client_service', 'update', { before: { isActive: true }, after: { isActive: false } }, { ...HP, service: 'TRT' }), 'Deactivated service ‘TRT’ at Harbor Peak'],
    [entry('client_service', 'create', { after: { name: 'TRT' } }, HP), 'Added service ‘TRT’ at Harbor Peak'],
    [entry('clinic_user', 'create', { after: { email: 'owner@harborpeak.com', role: 'owner' } }, HP), 'Invited ‘owner@harborpeak.com’ as owner at Harbor Peak'],
    [entry('view_as', 'create', { after: {} }, HP), 'Opened the portal of Harbor Peak read-only'],
    [entry('notification_preferences', 'update', { after: { newLeadEmail: 'off' } }, HP), 'Changed notification preferences at Harbor Peak'],
    [entry('service_template', 'update', { before: { name: 'TRT' }, after: { name: 'TRT' } }), 'Changed service template ‘TRT’'],
    [entry('template_generation', 'create', { after: { name: 'Hair PRP' } }), 'Added template generation ‘Hair PRP’'],
    [entry('lead', 'update', { before: { status: 'new' }, after: { status: 'contacted', clientId: 7 } }, HP), 'Moved a lead at Harbor Peak from new to contacted'],
    [entry('lead_delivery', 'update', { before: { status: 'failed' }, after: { status: 'pending' } }, HP), 'Retried a failed delivery of a lead at Harbor Peak'],
    [entry('booking_availability', 'update', { before: { capacity: 1, clientId: 7 }, after: { capacity: 2, clientId: 7 } }, HP), 'Changed the online booking hours at Harbor Peak'],
    [entry('campaign_launch', 'create', { after: {} }, { ...HP, campaign: 'TRT Search' }), 'Launched campaign ‘TRT Search’ for Harbor Peak'],
    [
      entry('campaign_launch', 'update', { before: { ads: [{ adId: '1' }] }, after: { ads: [{ adId: '1' }], reason: 'ad texts follow the template' } }, { ...HP, campaign: 'TRT Search' }),
      "Gave 1 ad of campaign ‘TRT Search’ the template's texts for Harbor Peak",
    ],
    [
      entry('campaign_launch', 'update', { before: { finalUrl: 'https://harborpeak.com/trt' }, after: { finalUrl: 'https://harborpeak.com/low-t' } }, { ...HP, campaign: 'TRT Search' }),
      'Moved the ads of campaign ‘TRT Search’ to https://harborpeak.com/low-t for Harbor Peak',
    ],
    [entry('google_ads_connection', 'update', { after: {} }, { account: 'ads@agency.example' }), 'Connected Google Ads (ads@agency.example)'],
    [
      entry('google_ads_recommendation', 'create', { after: {} }, { ...HP, campaign: 'TRT Search', subject: 'free trt' }),
      'Added [free trt] as a negative keyword to campaign ‘TRT Search’ for Harbor Peak (a recommendation)',
    ],
    [entry('google_ads_recommendation', 'delete', { before: {} }, { ...HP, campaign: 'TRT Search', subject: 'free trt' }), 'Undid the negative keyword [free trt] of campaign ‘TRT Search’ for Harbor Peak'],
    [
      entry('google_ads_recommendation', 'update', { before: { status: 'ENABLED' }, after: { status: 'PAUSED' } }, { ...HP, campaign: 'TRT Search', subject: 'testosterone shots' }),
      'Paused the keyword testosterone shots of campaign ‘TRT Search’ for Harbor Peak (a recommendation)',
    ],
    [
      entry('google_ads_recommendation', 'update', { before: { status: 'PAUSED' }, after: { status: 'ENABLED' } }, { ...HP, campaign: 'TRT Search', subject: 'testosterone shots' }),
      'Ran the keyword testosterone shots of campaign ‘TRT Search’ again for Harbor Peak',
    ],
  ])('%#: %s', (e, sentence) => {
    expect(describeAudit(e)).toBe(sentence);
  });

  it('names a clinic of an older entry (before names were written) from the lookup', () => {
    const older = entry('staff_member', 'delete', { before: { name: 'Dr. Lee', clientId: 7 } });
    expect(describeAudit(older, { clinicName: (id) => (id === 7 ? 'Harbor Peak' : undefined) })).toBe('Removed staff member ‘Dr. Lee’ at Harbor Peak');
  });

  it('falls back to the kind and id only when the entry carries no name at all', () => {
    expect(describeAudit(entry('conversion_action', 'create', { after: {} }))).toBe('Added conversion action #41');
  });
});
