import { z } from 'zod';
import { roleSchema } from './auth.js';
import { HOSTELS } from './catalog.js';

export const scopeEntrySchema = z.object({
  category: z.string().max(40).describe("A category key (wifi, electricity, …, room_cleaning) or '' for all"),
  hostel: z.union([z.literal(''), z.enum(HOSTELS)]).describe("A hostel or '' for all"),
});

export const personSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    regId: z.string(),
    role: roleSchema,
    antiRagging: z.boolean(),
    scopes: z.array(scopeEntrySchema),
    disabled: z.boolean(),
    addedByAdmin: z.boolean(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const personUpdateSchema = z
  .object({
    role: roleSchema,
    antiRagging: z.boolean().default(false),
    scopes: z.array(scopeEntrySchema).max(50).default([]),
  })
  .meta({ id: 'PersonUpdate' });

export const personCreateSchema = personUpdateSchema
  .extend({
    email: z.string().trim().toLowerCase().pipe(z.email('Give a valid e-mail address')),
    name: z.string().trim().max(120).default(''),
  })
  .meta({ id: 'PersonCreate' });
