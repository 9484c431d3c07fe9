import { ClientCreateSchema, ClientUpdateSchema, LeadFormSchema, AdminLoginSchema, parseClientParam, assetUrl } from '../src';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('ClientCreateSchema', () => {
  it('gives the spec messages for each broken field', () => {
    const result = ClientCreateSchema.safeParse({ name: 'ab', address: '12', phone: '123', email: 'nope', website: 'x' });
    expect(messages(result)).toEqual([
      'Client name must be at least 3 characters',
      'Address is required',
      'Phone number is required',
      'Must be a valid email',
      'Must be a valid URL',
    ]);
  });

  it('turns empty optional text into null and strips dashes from Google Ads ids', () => {
    const client = ClientCreateSchema.parse({
      name: 'Prime Clinic',
      address: '1 Main Street',
      phone: '555-1234',
      email: '',
      googleAdsAccountId: '123-456-7890',
    });
    expect(client).toMatchObject({ email: null, website: null, googleAdsAccountId: '1234567890' });
  });
});

describe('ClientUpdateSchema', () => {
  it('keeps only the fields that were sent', () => {
    expect(ClientUpdateSchema.parse({ phone: '5551234567' })).toEqual({ phone: '5551234567' });
  });

  it('refuses an empty change', () => {
    expect(messages(ClientUpdateSchema.safeParse({}))).toEqual(['Send at least one field to change']);
  });
});

describe('LeadFormSchema', () => {
  it('counts phone digits, not characters', () => {
    expect(messages(LeadFormSchema.safeParse({ name: 'Jo', email: 'jo@x.io', phone: '(555) 123-456' }))).toEqual([
      'Phone number must be at least 10 digits',
    ]);
    expect(LeadFormSchema.safeParse({ name: 'Jo', email: 'jo@x.io', phone: '(555) 123-4567' }).success).toBe(true);
  });
});

describe('AdminLoginSchema', () => {
  it('uses the login screen messages', () => {
    expect(messages(AdminLoginSchema.safeParse({ email: 'admin', password: '' }))).toEqual([
      'Please enter a valid email address',
      'Password is required',
    ]);
  });
});

describe('parseClientParam', () => {
  it.each([
    ['2', 2],
    [' 7 ', 7],
    ['0', null],
    ['-1', null],
    ['2.5', null],
    ['abc', null],
    ['1e3', null],
    [undefined, null],
  ])('%p → %p', (input, expected) => {
    expect(parseClientParam(input)).toBe(expected);
  });
});

describe('assetUrl', () => {
  it('keeps http and / paths, prefixes the rest with /', () => {
    expect(assetUrl('https://cdn.x/logo.png')).toBe('https://cdn.x/logo.png');
    expect(assetUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(assetUrl('uploads/a.png')).toBe('/uploads/a.png');
    expect(assetUrl(null)).toBeNull();
  });
});
