import { userLeadPush } from '../../src/modules/delivery/user-push';

describe('the push of a new lead to a clinic user’s devices', () => {
  it('says which clinic and links to the lead in the portal, and nothing else', () => {
    expect(userLeadPush({ clinicName: 'Harbor Health', leadId: '42', origin: 'https://app.agency.test' })).toEqual({
      title: 'New enquiry for Harbor Health',
      body: 'Open the portal to see it.',
      tag: 'lead-42',
      data: { url: 'https://app.agency.test/portal/leads?lead=42' },
    });
  });
});
