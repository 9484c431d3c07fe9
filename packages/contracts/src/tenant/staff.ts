import { z } from 'zod';
import { idField, optionalText, patchOf, requiredText, timestamp } from '../fields';

/** Staff member rules (docs/admin.md#validation). */
const staffWritableFields = {
  name: requiredText(2, 200, 'Name must be at least 2 characters'),
  title: optionalText(200),
  bio: optionalText(5000),
  imagePath: optionalText(1024),
  displayOrder: z
    .number({ error: 'Display order must be a number' })
    .int('Display order must be a whole number')
    .min(0, 'Display order must be 0 or more')
    .max(10000, 'Display order must be at most 10000')
    .nullish()
    .transform((v) => v ?? 0),
};

export const StaffMemberCreateSchema = z.object({
  clientId: idField('Client id'),
  ...staffWritableFields,
});
export type StaffMemberCreateInput = z.input<typeof StaffMemberCreateSchema>;
export type StaffMemberCreate = z.output<typeof StaffMemberCreateSchema>;

/** PATCH: a subset of the same fields; a staff member does not move between clients. */
export const StaffMemberUpdateSchema = patchOf(staffWritableFields);
export type StaffMemberUpdate = z.output<typeof StaffMemberUpdateSchema>;

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  bio: z.string().nullable(),
  imagePath: z.string().nullable(),
  displayOrder: z.number().int(),
  createdAt: timestamp(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const ClientIdParamSchema = z.object({ clientId: idField('Client id', { fromText: true }) });
