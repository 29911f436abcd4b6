import { z } from 'zod';
import { ROOM_NO_MAX_LENGTH } from './catalog.js';
import { LOCALES, ROLES } from './constants.js';
import { valued } from './valued-message.js';

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
    /** Holds the anti-ragging duty: works every ragging report and its statutory clocks (decision 40). */
    antiRagging: z.boolean(),
    /** The language they chose or their browser gave at the first sign-in (issue 28); null: not known yet. */
    locale: z.enum(LOCALES).nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** Where a student lives, as remembered from their first filing or set on their account page. */
export const placeSchema = z
  .object({
    hostel: z.string({ error: /*i18n*/ 'Choose your hostel' }).trim().min(1, /*i18n*/ 'Choose your hostel').max(80, /*i18n*/ 'Choose your hostel'),
    floor: z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? /*i18n*/ 'Enter the floor' : /*i18n*/ 'Floor must be a whole number') })
      .int(/*i18n*/ 'Floor must be a whole number'),
    roomNo: z
      .string({ error: /*i18n*/ 'Enter your room number' })
      .trim()
      .min(1, /*i18n*/ 'Enter your room number')
      .max(ROOM_NO_MAX_LENGTH, valued(/*i18n*/ 'Room number is at most {max} characters', { max: ROOM_NO_MAX_LENGTH }))
      .regex(/^[^\p{Cc}]*$/u, /*i18n*/ 'Room number must be on one line'),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeSchema>;

export const placeResponseSchema = z.object({ place: placeSchema }).meta({ id: 'PlaceResponse' });

/** The language the header's switch and the account page set. */
export const localeBodySchema = z
  .object({ locale: z.enum(LOCALES, { error: /*i18n*/ 'Choose English or Hindi' }) })
  .meta({ id: 'LocaleChoice' });
export type LocaleBody = z.infer<typeof localeBodySchema>;

export const meResponseSchema = z
  .object({
    user: userSchema,
    /** The student's remembered place, to fill in the forms; null until they file or set it. */
    place: placeSchema.nullable(),
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
