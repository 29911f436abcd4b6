import { z } from 'zod';

/** The one error shape every API failure uses. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Texts the original portal showed, kept word for word. */
export const seedTexts = {
  signInFirst: 'Please Sign In first',
  /** `{shortName}` is the university's short name from configuration. */
  wrongDomain: (shortName: string) => `Please login with ${shortName} email`,
} as const;
