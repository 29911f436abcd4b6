/**
 * Everything the grievance pages read starts with `grievancesKey`: any change (raising, a hearing,
 * a decision, an appeal, a message) refreshes every list and page of the ladder at once.
 */
export const grievancesKey = ['grievances'] as const;
export const myGrievancesKey = ['grievances', 'mine'] as const;
export const grievanceKey = (number: string) => ['grievances', 'mine', number] as const;
export const eligibilityKey = (complaintNumber: string) => ['grievances', 'eligibility', complaintNumber] as const;
export const committeeListKey = (state: string) => ['grievances', 'committee', 'list', state] as const;
export const committeeGrievanceKey = (number: string) => ['grievances', 'committee', number] as const;
export const appealsKey = ['grievances', 'ombudsperson', 'list'] as const;
export const appealKey = (number: string) => ['grievances', 'ombudsperson', number] as const;
export const committeeSetupKey = ['grievances', 'admin', 'committee'] as const;
export const grievanceReportKey = (from: string, to: string) => ['grievances', 'admin', 'report', from, to] as const;
export const seatsKeyPrefix = ['grievances', 'seats'] as const;
