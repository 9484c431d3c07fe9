/** A Google Ads customer id as the API takes it: digits only (123-456-7890 → 1234567890). */
export const customerIdDigits = (id: string) => id.replace(/\D/g, '');
