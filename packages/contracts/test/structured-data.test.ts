import { jsonForScript, medicalServiceType, postalAddressOf } from '../src';

/** docs/public-site.md#what-a-page-shows: "MedicalProcedure data varies by service type" — the type from a template's category. */
describe('a service’s type for its MedicalProcedure data', () => {
  it.each([
    [{ name: 'Testosterone Replacement Therapy (TRT)', slug: 'trt', subcategory: "Men's Health", category: "Men's Health" }, 'HormoneTherapy'],
    [{ name: 'Erectile Dysfunction (ED) Treatment', slug: 'ed', subcategory: "Men's Health", category: "Men's Health" }, 'SexualHealth'],
    [{ name: 'PLong Men’s Enhancement', slug: 'plong', subcategory: "Men's Health", category: "Men's Health" }, 'MaleEnhancement'],
    [{ name: 'Low-T Consult', slug: 'low-t', subcategory: "Men's Health", category: "Men's Health" }, 'MaleEnhancement'],
    [{ name: 'Medical Weight Loss', slug: 'weight-loss', subcategory: 'Weight Management', category: 'Wellness Clinic' }, 'WeightManagement'],
    [{ name: 'Semaglutide Weight Loss', slug: 'semaglutide', subcategory: 'Weight Management', category: 'Wellness Clinic' }, 'WeightManagement'],
    [{ name: 'CoolSculpting', slug: 'coolsculpting', subcategory: 'Body Contouring', category: 'Aesthetic' }, 'MedicalAesthetics'],
    [{ name: 'PRP Hair Restoration', slug: 'prp-hair-restoration', subcategory: 'Hair Restoration', category: 'Aesthetic' }, 'MedicalAesthetics'],
    [{ name: 'Bioidentical Hormones', slug: 'bhrt', subcategory: 'Hormone Balance', category: "Women's Health" }, 'HormoneTherapy'],
    // No category that names a type: its own name decides, else none.
    [{ name: 'Semaglutide', slug: 'semaglutide' }, 'WeightManagement'],
    [{ name: 'IV Hydration', slug: 'iv-hydration', subcategory: 'General', category: 'Wellness Clinic' }, null],
  ])('%j → %s', (template, type) => {
    expect(medicalServiceType(template)).toBe(type);
  });
});

describe('a clinic’s one-line address as a PostalAddress', () => {
  it('reads street, city, state and ZIP from the end', () => {
    expect(postalAddressOf('1450 Larimer Street, Suite 200, Denver, CO 80202')).toEqual({ streetAddress: '1450 Larimer Street, Suite 200', addressLocality: 'Denver', addressRegion: 'CO', postalCode: '80202' });
    expect(postalAddressOf('1 Test Street, Springfield')).toEqual({ streetAddress: '1 Test Street', addressLocality: 'Springfield' });
    expect(postalAddressOf('9 Cove Lane')).toEqual({ streetAddress: '9 Cove Lane' });
    expect(postalAddressOf('  ')).toBeNull();
    expect(postalAddressOf(null)).toBeNull();
  });
});

describe('JSON inside a script element', () => {
  it('can neither end the element nor open markup, and parses back to the same value', () => {
    const value = { name: 'A </script><script>alert(1)</script> & <!-- B \u2028' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
