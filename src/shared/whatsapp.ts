import { z } from 'zod';

/*
 * WhatsApp as a channel (issue 43): what the account page reads and sends. A student links their
 * WhatsApp number by sending `LINK <code>` from WhatsApp to the university's number; the code is
 * short-lived and the link opens WhatsApp with the words typed in.
 */

/** How long a linking code can be sent before it is no good. */
export const WHATSAPP_CODE_MINUTES = 15;

/** The words a student sends to link their number, and to unlink it. */
export const WHATSAPP_LINK_WORD = 'LINK';
export const WHATSAPP_STOP_WORD = 'STOP';

/** A linking code: six characters a person can read and type (no 0/O, 1/I/L). */
export const WHATSAPP_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{6}$/;

export const whatsappLinkSchema = z
  .object({
    /** The portal has WhatsApp set up (its settings are there); when false nothing can be linked. */
    available: z.boolean(),
    /** The number linked to this account, shown with all but its last four digits hidden. */
    linked: z.object({ phone: z.string(), linkedAt: z.string() }).nullable(),
  })
  .meta({ id: 'WhatsAppLink' });
export type WhatsAppLink = z.infer<typeof whatsappLinkSchema>;

export const whatsappLinkCodeSchema = z
  .object({
    code: z.string().regex(WHATSAPP_CODE_PATTERN),
    /** https://wa.me/<the university's number>?text=LINK%20<code> */
    link: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'WhatsAppLinkCode' });
export type WhatsAppLinkCode = z.infer<typeof whatsappLinkCodeSchema>;
