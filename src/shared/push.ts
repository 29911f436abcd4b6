import { z } from 'zod';

/** What the service worker receives, decrypted: enough to show a notification and open the complaint. */
export const pushMessageSchema = z
  .object({
    title: z.string(),
    body: z.string(),
    /** A path on the portal, such as /my/HC-2026-000001 or /staff/complaints/HC-2026-000001. */
    url: z.string(),
    /** Notifications with the same tag replace each other (one per complaint). */
    tag: z.string(),
  })
  .meta({ id: 'PushMessage' });
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const pushPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });

export const pushEndpointSchema = z
  .string()
  .max(1000, 'must be at most 1000 characters')
  .refine((s) => URL.canParse(s), 'must be a URL');

/** PushSubscription.toJSON() as the browser gives it (expirationTime and other fields are ignored). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: pushEndpointSchema,
    keys: z.object({
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be the base64url P-256 key the browser gave'),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,64}={0,2}$/, 'must be the base64url auth secret the browser gave'),
    }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema }).meta({ id: 'PushUnsubscribe' });

/**
 * How a person hears of things: each channel on or off (all on by default). WhatsApp reaches only
 * a linked number; `whatsappLinked` says whether there is one, so a page offers the switch only then.
 */
export const notificationChannelsSchema = z
  .object({ push: z.boolean(), mail: z.boolean(), bell: z.boolean(), whatsapp: z.boolean(), whatsappLinked: z.boolean() })
  .meta({ id: 'NotificationChannels' });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** What a person sets; `whatsapp` left out keeps it as it is (pages from before WhatsApp send three). */
export const notificationChannelsInputSchema = z
  .object({ push: z.boolean(), mail: z.boolean(), bell: z.boolean(), whatsapp: z.boolean().optional() });
export type NotificationChannelsInput = z.infer<typeof notificationChannelsInputSchema>;
