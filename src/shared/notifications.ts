import { z } from 'zod';

export const notificationSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    complaintNumber: z.string().nullable(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z
  .object({ items: z.array(notificationSchema), unread: z.number().int(), nextCursor: z.string().nullable() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markReadSchema = z
  .union([
    z.object({ ids: z.array(z.uuid()).min(1).max(200) }),
    z.object({ all: z.literal(true) }),
    z.object({ complaintNumber: z.string().min(1).max(40).describe('Every notification about this complaint (it was just viewed)') }),
  ])
  .meta({ id: 'MarkNotificationsRead' });
