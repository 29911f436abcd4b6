/**
 * Query keys shared by several features. Everything about the signed-in student's complaints
 * starts with `complaintsKey`, so one invalidation after filing refreshes every list.
 */
export const complaintsKey = ['complaints'] as const;
export const myComplaintsKey = ['complaints', 'mine'] as const;
export const complaintDetailKey = (number: string) => ['complaints', 'detail', number] as const;
