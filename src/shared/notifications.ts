import { z } from 'zod';

export const notificationSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    complaintNumber: z.string().nullable(),
    link: z.string().nullable().describe("Where a bell about no single complaint leads (a portal path, e.g. '/cleaning')"),
    createdAt: z.string(),
    read: z.boolean(),
    groupKey: z
      .string()
      .nullable()
      .describe("Bells folded into one: 'late' is complaints that became late (it leads to the escalated view when it holds more than one)"),
    groupCount: z.number().int().describe('How many events the bell stands for (1 unless grouped)'),
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
