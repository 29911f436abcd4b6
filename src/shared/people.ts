import { z } from 'zod';
import { roleSchema } from './auth.js';

export const scopeEntrySchema = z.object({
  category: z.string().max(40).describe("A category key (wifi, electricity, …, room_cleaning) or '' for all"),
  hostel: z.string().trim().max(60).describe("A hostel's name or '' for all"),
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
    /** A disabled account cannot sign in, and its sessions end at once. Left out: unchanged. */
    disabled: z.boolean().optional(),
  })
  .meta({ id: 'PersonUpdate' });

export const personCreateSchema = personUpdateSchema
  .extend({
    email: z.string().trim().toLowerCase().pipe(z.email(/*i18n*/ 'Give a valid e-mail address')),
    name: z.string().trim().max(120).default(''),
  })
  .meta({ id: 'PersonCreate' });
