import { z } from 'zod';

/*
 * A clinic user's e-mail notifications: whether each new lead
 * of their clinic is e-mailed to them. The e-mail names the clinic and links
 * to the lead in the portal; the patient's details stay behind the sign-in.
 */

/** each: one e-mail per new lead; off: none (the portal still shows new leads live). */
export const NEW_LEAD_EMAIL_CHOICES = ['each', 'off'] as const;
export const NewLeadEmailSchema = z.enum(NEW_LEAD_EMAIL_CHOICES, { error: 'New-lead e-mail must be each or off' });
export type NewLeadEmail = z.infer<typeof NewLeadEmailSchema>;

/**
 * The default of a new user: owners hear of each lead (someone must, and the
 * owner is who the agency signed up), staff opt in (a front desk of five
 * should not get five e-mails per lead unless each asks).
 */
export const defaultNewLeadEmail = (role: 'owner' | 'staff'): NewLeadEmail => (role === 'owner' ? 'each' : 'off');

/** `GET /api/portal/me/notifications`: the signed-in user's own choices. */
export const NotificationPreferencesSchema = z.object({ newLeadEmail: NewLeadEmailSchema });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** `PATCH /api/portal/me/notifications`. */
export const NotificationPreferencesUpdateSchema = z.strictObject(
  { newLeadEmail: NewLeadEmailSchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
);
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

/**
 * `GET /internal/clients/:id/lead-recipients` (leads' worker): the clinic's
 * active users who chose 'each', each with the token of their one-click
 * unsubscribe link (valid until their preference next changes).
 */
export const LeadRecipientSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  unsubscribeToken: z.string(),
});
export type LeadRecipient = z.infer<typeof LeadRecipientSchema>;

/** The one-click unsubscribe link's path (RFC 8058): GET shows a button, POST turns the e-mails off. */
export const UNSUBSCRIBE_PATH = '/api/portal/unsubscribe';

export const UnsubscribeQuerySchema = z.object({
  token: z.string({ error: 'The link is missing its token' }).trim().min(1, 'The link is missing its token').max(300, 'This link is not valid'),
});

/** What a mail client posts (RFC 8058 `List-Unsubscribe=One-Click`), or the confirmation page's button; nothing is required. */
export const UnsubscribeFormSchema = z.object({ 'List-Unsubscribe': z.string().max(100).optional() }).optional();

/** The unsubscribe link for a token, on the origin the portal is reached at. */
export const unsubscribeUrl = (origin: string, token: string) => `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
