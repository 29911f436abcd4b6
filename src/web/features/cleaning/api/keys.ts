/** Everything weekly cleaning reads starts with this key: a change refreshes the student's page and the staff list alike. */
export const cleaningKey = ['cleaning'] as const;
export const cleaningBookingsKey = ['cleaning', 'bookings'] as const;
export const cleaningSlotsKey = (hostel: string) => ['cleaning', 'slots', hostel] as const;
export const cleaningDayKey = (date: string) => ['cleaning', 'day', date] as const;
