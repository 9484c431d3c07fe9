import { z } from 'zod';
import { requiredEmail } from '../fields';

/** A user as anyone outside the tenant service sees it: never the password hash. */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** Admin login form and `POST /api/admin/login` body (docs/admin.md#validation). */
export const AdminLoginSchema = z.object({
  email: requiredEmail('Please enter a valid email address'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

/** `POST /api/admin/login` answers `{ success: true, data: AdminLoginResult }`. */
export const AdminLoginResultSchema = z.object({ user: UserSchema });
export type AdminLoginResult = z.infer<typeof AdminLoginResultSchema>;

/** `GET /api/admin/auth-status` (docs/admin.md#calls: success, user). */
export const AuthStatusSchema = z.object({
  success: z.literal(true),
  user: UserSchema,
  /** The session opens only the Security screen until two-factor sign-in is on (admins in production). */
  mfaSetupRequired: z.boolean().optional(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

/** tenant's internal credential check, called by the gateway only. */
export const VerifyCredentialsSchema = AdminLoginSchema;
