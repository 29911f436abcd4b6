import { z } from 'zod';
import { ROLES } from './constants.js';

export const roleSchema = z.enum(ROLES);
export type { Role } from './constants.js';

export const userSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string().email(),
    /** Display name without the registration number. */
    name: z.string(),
    /** First word of the name, first letter capital, rest lower case. */
    fname: z.string(),
    /** University registration number (e.g. 21BCE10001); empty for accounts without one. */
    regId: z.string(),
    role: roleSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z
  .object({
    user: userSchema,
    /** Send back as the `X-CSRF-Token` header on every state-changing request. */
    csrfToken: z.string(),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponseSchema>;

export { SIGN_IN_ERROR_CODES, type SignInErrorCode } from './constants.js';

export const publicConfigSchema = z
  .object({
    university: z.object({ name: z.string(), shortName: z.string() }),
    /** True when the built-in development sign-in is in use (never in production). */
    devSignIn: z.boolean(),
    about: z.object({ credits: z.array(z.string()) }),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export { CSRF_HEADER } from './constants.js';
