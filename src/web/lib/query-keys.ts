/**
 * Query keys shared by several features. Everything about the signed-in student's complaints
 * starts with `complaintsKey`, so one invalidation after filing refreshes every list.
 */
export const complaintsKey = ['complaints'] as const;
export const myComplaintsKey = ['complaints', 'mine'] as const;
export const complaintDetailKey = (number: string) => ['complaints', 'detail', number] as const;

/** Everything the staff console reads (queue pages, counts, one complaint) starts with `staffKey`. */
export const staffKey = ['staff'] as const;
export const staffDetailKey = (number: string) => ['staff', 'detail', number] as const;

/** People administration (also the admins' assignee picker in the console). */
export const peopleKey = ['people'] as const;

/** The signed-in user's in-app notifications. */
export const notificationsKey = ['notifications'] as const;

/** Everything the admin console reads starts with `adminKey` (people keep `peopleKey`, shared with the staff console). */
export const adminKey = ['admin'] as const;
export const adminUniversityKey = ['admin', 'university'] as const;
export const adminHostelsKey = ['admin', 'hostels'] as const;
export const adminCategoriesKey = ['admin', 'categories'] as const;
export const adminServicesKey = ['admin', 'services'] as const;
export const adminOutboxKey = ['admin', 'outbox'] as const;
export const adminAuditKey = ['admin', 'audit'] as const;
export const adminCleaningSlotsKey = ['admin', 'cleaning-slots'] as const;
/** The working calendar: its weekly days off and one year's holidays (`[...adminCalendarKey, year]`). */
export const adminCalendarKey = ['admin', 'calendar'] as const;

/** The insights dashboard (figures per filter) and the reader's digest preference. */
export const insightsKey = ['insights'] as const;
export const insightsPreferencesKey = ['insights', 'preferences'] as const;

/** The signed-in student's WhatsApp link (the account page links it, the notifications page offers its switch). */
export const whatsappLinkKey = ['me', 'whatsapp'] as const;

/** How the signed-in person hears of things (push, mail, bell, WhatsApp): linking WhatsApp changes it too. */
export const notificationChannelsKey = ['settings', 'notification-channels'] as const;
