import { z } from 'zod';
import { idField, timestamp } from '../fields';
import { isHostName, normaliseHost } from '../web-address';

export const DomainMappingSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  path: z.string(),
  clientId: z.number().int(),
  priority: z.number().int(),
  isActive: z.boolean(),
  createdAt: timestamp(),
});
export type DomainMapping = z.infer<typeof DomainMappingSchema>;

/** docs/admin.md#records domain_mappings: path defaults to /, priority to 100. */
export const DomainMappingCreateSchema = z.object({
  domain: z
    .string({ error: 'Domain is required' })
    .trim()
    .transform(normaliseHost)
    .refine(isHostName, 'Must be a host name like www.clinic.com'),
  path: z
    .string()
    .trim()
    .max(200, 'Must be at most 200 characters')
    .refine((v) => v.startsWith('/'), 'Path must start with /')
    .default('/'),
  clientId: idField('Client id'),
  priority: z.number().int().min(0).max(1000).default(100),
  isActive: z.boolean().default(true),
});
export type DomainMappingCreate = z.output<typeof DomainMappingCreateSchema>;
