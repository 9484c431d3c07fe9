import { ApiError } from '@hap/contracts';
import { checkOutcomeOf, fieldErrorOf, nameViewOf, PENDING_REFETCH_MS, refetchIntervalOf, STATUS_VIEW } from '../../src/domains/domain-rules';

describe('Domains screen rules', () => {
  it('reads the list again every few seconds only while a domain is pending', () => {
    expect(refetchIntervalOf(undefined)).toBe(false);
    expect(refetchIntervalOf([])).toBe(false);
    expect(refetchIntervalOf([{ status: 'verified' }, { status: 'failing' }, { status: 'active' }])).toBe(false);
    expect(refetchIntervalOf([{ status: 'active' }, { status: 'pending' }])).toBe(PENDING_REFETCH_MS);
  });

  it('puts the API’s refusals of a domain at the field, and anything else in a toast', () => {
    expect(fieldErrorOf(new ApiError('Enter a domain name, not an IP address.', 400, 'bad_request'))).toBe('Enter a domain name, not an IP address.');
    expect(fieldErrorOf(new ApiError('clinic.com is already verified for another clinic.', 409, 'conflict'))).toBe('clinic.com is already verified for another clinic.');
    expect(fieldErrorOf(new ApiError('Custom domains are not configured', 503, 'unavailable'))).toBe('Custom domains are not configured');
    expect(fieldErrorOf(new ApiError('Server error', 500, null))).toBeNull();
    expect(fieldErrorOf(new ApiError('Forbidden', 403, 'forbidden'))).toBeNull();
    expect(fieldErrorOf(new Error('Failed to fetch'))).toBeNull();
  });

  it('says what a check found: what is missing while pending, the reason when failing, the new state otherwise', () => {
    expect(checkOutcomeOf({ domain: 'www.a.test', status: 'pending', reason: 'TXT record missing: …' })).toEqual({ title: 'Not verified yet', description: 'TXT record missing: …', failed: true });
    expect(checkOutcomeOf({ domain: 'www.a.test', status: 'failing', reason: 'DNS records not found after 72 hours' })).toMatchObject({
      title: 'www.a.test is failing',
      description: 'DNS records not found after 72 hours',
      failed: true,
    });
    expect(checkOutcomeOf({ domain: 'www.a.test', status: 'verified', reason: null })).toEqual({ title: 'www.a.test: Verified', description: STATUS_VIEW.verified.meaning, failed: false });
  });

  it('names an international domain as it reads, with its stored form and the API’s warning beside it', () => {
    expect(nameViewOf({ domain: 'www.clinic.com', unicode: 'www.clinic.com', warning: null })).toEqual({ heading: 'www.clinic.com', ascii: null, warning: null });
    const warning = 'This domain has letters beyond a–z: it reads аррӏе.com and is stored as xn--80ak6aa92e.com. …';
    expect(nameViewOf({ domain: 'xn--80ak6aa92e.com', unicode: 'аррӏе.com', warning })).toEqual({ heading: 'аррӏе.com', ascii: 'xn--80ak6aa92e.com', warning });
  });
});
