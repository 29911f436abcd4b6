import type { ComplaintRow } from '../../src/server/db/schema.js';

/** Valid request bodies, overridable field by field; shared by API tests, browser tests and benches. */
export const aComplaint = (over: Record<string, unknown> = {}) => ({
  category: 'wifi',
  hostel: 'Block-2',
  floor: 3,
  roomNo: '312',
  subCategory: 'Slow',
  complaint: 'The wifi drops every evening after 9 pm.',
  ...over,
});

export const aCleaningRequest = (over: Record<string, unknown> = {}) => ({
  hostel: 'Block-1 (Old)',
  service: 'room_cleaning',
  roomNo: 204,
  ...over,
});

let counter = 0;
/** A university account that no other test uses. */
export const aStudent = (over: { name?: string; email?: string } = {}) => {
  counter += 1;
  const n = String(10000 + counter).slice(-5);
  return {
    email: over.email ?? `student${counter}.${process.pid}@vitbhopal.ac.in`,
    name: over.name ?? `Student${counter} Tester 21BCE${n}`,
  };
};

/**
 * A stored complaint as the database gives it back (a wifi complaint in Block-2, room 210, floor 2),
 * overridable field by field: for the mail templates and the projection, which take rows, not bodies.
 */
export const aComplaintRow = (over: Partial<ComplaintRow> = {}): ComplaintRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  number: 'HC-2026-000042',
  kind: 'complaint',
  category: 'wifi',
  complaintHead: 'Wifi Complaint',
  subCategory: 'Slow',
  hostel: 'Block-2',
  floor: 2,
  roomNo: '210',
  message: 'Drops nightly.',
  studentId: '00000000-0000-4000-8000-000000000002',
  fname: 'Meera',
  regId: '22MIM10045',
  userEmail: 'meera@vitbhopal.ac.in',
  toEmails: ['wifi.support@vitbhopal.ac.in'],
  ccEmails: [],
  mergedIntoId: null,
  incidentId: null,
  followerCount: 0,
  status: 'submitted',
  assigneeId: null,
  confidential: false,
  resolvedAt: null,
  acknowledgedAt: null,
  rating: null,
  ratingComment: null,
  search: null,
  studentSearch: null,
  dueAt: new Date('2026-11-02T10:00:00Z'),
  targetUnit: 'hours',
  clockPausedAt: null,
  clockLeftMs: null,
  escalationLevel: 0,
  idempotencyKey: null,
  requestHash: null,
  placeKind: null,
  placeText: null,
  commonAreaId: null,
  entryConsent: null,
  entrySlots: [],
  visitStartsAt: null,
  visitEndsAt: null,
  anonymous: false,
  trackingCode: null,
  secretHash: null,
  firDecision: null,
  firDecisionNote: '',
  firDecidedAt: null,
  firDecidedBy: null,
  firDueAt: null,
  enquiryDueAt: null,
  enquiryClosedAt: null,
  enquiryClosedBy: null,
  enquiryOutcome: null,
  firEscalationLevel: 0,
  enquiryEscalationLevel: 0,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
  ...over,
});
