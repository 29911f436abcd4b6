import { describe, expect, it } from 'vitest';
import type { Insights } from '../../../shared/insights.js';
import type { ComplaintRow } from '../../db/schema.js';
import { ENGLISH, readerOf, type Reader } from '../../i18n/readers.js';
import * as insightsDigest from '../insights/digest.js';
import * as incidentTemplates from './incident-templates.js';
import * as lifecycleTemplates from './lifecycle-templates.js';
import * as raggingTemplates from './ragging-templates.js';
import * as refusalTemplates from './refusal-templates.js';
import * as filingTemplates from './templates.js';
import type { RenderedMail } from './templates.js';

/*
 * A Hindi reader's mail has no English sentence of the template left in it (issue 28): each
 * template is rendered in English and in Hindi with the same values, and no English word the
 * template wrote (every word that is not part of the values) may be in the Hindi rendering.
 * Adding a template without rendering it here fails the first test.
 */

const row: ComplaintRow = {
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
  status: 'in_progress',
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
  placeKind: 'campus',
  placeText: 'Library',
  commonAreaId: null,
  entryConsent: true,
  entrySlots: ['morning', 'evening'],
  visitStartsAt: null,
  visitEndsAt: null,
  anonymous: false,
  trackingCode: null,
  secretHash: null,
  firDecision: 'needed',
  firDecisionNote: '',
  firDecidedAt: null,
  firDecidedBy: null,
  firDueAt: new Date('2026-11-02T10:00:00Z'),
  enquiryDueAt: new Date('2026-11-08T10:00:00Z'),
  enquiryClosedAt: null,
  enquiryClosedBy: null,
  enquiryOutcome: null,
  firEscalationLevel: 0,
  enquiryEscalationLevel: 0,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
};

const CONTACTS = {
  raggingHelpline: '1800-180-5522',
  committeeName: 'Anti-Ragging Committee',
  translations: { hi: { committeeName: 'एंटी-रैगिंग समिति' } },
  committeeEmail: 'committee@vitbhopal.ac.in',
  committeePhone: '',
  nodalOfficerName: 'Officer Rao',
  nodalOfficerEmail: 'nodal@vitbhopal.ac.in',
  nodalOfficerPhone: '0755 000 000',
  headName: 'Chancellor',
  headEmail: 'head@vitbhopal.ac.in',
};

const URL = 'https://portal.example/x';
const times = { filed: 9, acknowledged: 8, ackMedianHours: 0.5, ackP90Hours: 3, resolved: 7, resolveMedianHours: 30, resolveP90Hours: 60, resolvedOnTime: 6, onTimeShare: 0.8, reopened: 1, reopenRate: 0.1, ratings: 2, ratingAverage: 4.5 };
const figures: Insights = {
  from: '2026-11-01',
  to: '2026-11-07',
  hostels: ['Block-2'],
  categories: [{ key: 'wifi', label: 'Wifi' }],
  openCells: [{ hostel: 'Block-2', category: 'wifi', open: 3, overdue: 1 }],
  weekly: [],
  times: [{ hostel: 'Block-2', category: 'wifi', ...times }],
  total: { hostel: 'All', category: 'All', ...times, open: 3, overdue: 1 },
  ratingDistribution: [0, 0, 0, 1, 1],
  recurringRooms: [
    { hostel: 'Block-2', hostelCode: 'B2', roomNo: '210', area: null, category: 'wifi', count: 4 },
    { hostel: 'Block-2', hostelCode: 'B2', roomNo: '', area: { code: 'K1', name: 'Kitchen' }, category: 'wifi', count: 3 },
  ],
};

/** Each template with the same values for both readers; the values' own words are listed with them. */
const RENDER: Record<string, (r: Reader) => RenderedMail> = {
  facilityMail: (r) => filingTemplates.facilityMail(row, { complaintUrl: URL, acknowledge: URL, resolve: URL }, r),
  acknowledgementMail: (r) => filingTemplates.acknowledgementMail(row, { complaintUrl: URL }, r),
  statusChangeMail: (r) => lifecycleTemplates.statusChangeMail(row, 'resolved', 'Replaced.', URL, r),
  replyMail: (r) => lifecycleTemplates.replyMail(row, 'Replaced.', URL, r),
  studentReplyMail: (r) => lifecycleTemplates.studentReplyMail(row, 'Replaced.', URL, r),
  studentPhotosMail: (r) => lifecycleTemplates.studentPhotosMail(row, 2, URL, r),
  withdrawnMail: (r) => lifecycleTemplates.withdrawnMail(row, URL, r),
  assignmentMail: (r) => lifecycleTemplates.assignmentMail(row, URL, r),
  reopenedMail: (r) => lifecycleTemplates.reopenedMail(row, 'Replaced.', URL, r),
  confirmedMail: (r) => lifecycleTemplates.confirmedMail(row, 4, 'Replaced.', URL, r),
  escalationMail: (r) => lifecycleTemplates.escalationMail(row, 'admins', URL, r),
  lateListMail: (r) => lifecycleTemplates.lateListMail([{ complaint: row, audience: 'wardens' }], URL, r),
  newWorkMail: (r) => lifecycleTemplates.newWorkMail(row, URL, r),
  newWorkDigestMail: (r) => lifecycleTemplates.newWorkDigestMail([row, row], 4, URL, r),
  followerStatusMail: (r) => lifecycleTemplates.followerStatusMail(row, 'withdrawn', 'Replaced.', URL, r),
  mergedMail: (r) => lifecycleTemplates.mergedMail(row, { ...row, number: 'HC-2026-000043' }, URL, r),
  unmergedMail: (r) => lifecycleTemplates.unmergedMail(row, 'HC-2026-000043', URL, r),
  visitMail: (r) => lifecycleTemplates.visitMail(row, 'proposed', '27 Nov, 16:00–17:00', URL, r),
  raggingAcknowledgementMail: (r) => raggingTemplates.raggingAcknowledgementMail(row, CONTACTS, URL, r),
  raggingClockMail: (r) => raggingTemplates.raggingClockMail(row, 'enquiry', 'nodal_officer', URL, r),
  incidentResolvedMail: (r) =>
    incidentTemplates.incidentResolvedMail(
      { fname: 'Meera', incident: { title: 'Outage', hostel: 'Block-2', floors: [1, 2] }, note: 'Replaced.', own: [{ number: 'HC-2026-000042', url: URL }], followed: ['HC-2026-000043', 'HC-2026-000044'], myComplaintsUrl: URL },
      r,
    ),
  refusalMail: (r) => refusalTemplates.refusalMail({ ...row, status: 'closed' }, 'finished', { complaintUrl: URL, newComplaintUrl: URL }, r),
  insightsDigestMail: (r) => insightsDigest.insightsDigestMail(figures, 'Block-2', URL, r),
};

/** Words the values bring (names, numbers, what people wrote) and the few a Hindi reader reads in Latin letters. */
const VALUES = new Set(
  [
    ...'Wifi Complaint Slow Block Meera Drops nightly Replaced Library Outage Anti Ragging Committee Officer Rao vitbhopal portal example https support mim nov nodal committee head kitchen'.split(' '),
    ...['FIR', 'UTC', 'Hostel Complaint Portal'.split(' ')].flat(),
  ].map((w) => w.toLowerCase()),
);

const englishWords = (text: string) => new Set((text.match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase()).filter((w) => !VALUES.has(w)));

describe('mail templates in Hindi', () => {
  it('renders every template there is', () => {
    const exported = [filingTemplates, lifecycleTemplates, raggingTemplates, incidentTemplates, refusalTemplates]
      .flatMap((m) => Object.entries(m))
      .filter(([name, value]) => typeof value === 'function' && name.endsWith('Mail'))
      .map(([name]) => name);
    expect(Object.keys(RENDER).sort()).toEqual([...exported, 'insightsDigestMail'].sort());
  });

  const hindi = readerOf('hi', null);
  for (const [name, render] of Object.entries(RENDER)) {
    it(`${name}: no English of the template is left`, () => {
      const english = render(ENGLISH);
      const written = render(hindi);
      const leftover = (part: keyof RenderedMail) => {
        const theirs = englishWords(written[part].replace(/<[^>]*>/g, ' '));
        return [...englishWords(english[part].replace(/<[^>]*>/g, ' '))].filter((w) => theirs.has(w));
      };
      expect({ subject: leftover('subject'), text: leftover('text'), html: leftover('html') }).toEqual({ subject: [], text: [], html: [] });
      expect(written.text).toMatch(/[\u0900-\u097F]/);
      expect(written.html).toContain('<html lang="hi">');
    });
  }

  it('names the category, sub-category, hostel and committee in Hindi when an administrator gave them', () => {
    const named = readerOf('hi', { heads: new Map([['wifi', 'वाई-फ़ाई शिकायत']]), subs: new Map([['wifi\nSlow', 'धीमा']]), hostels: new Map([['block-2', 'ब्लॉक-2']]), areas: new Map() });
    // The receipt names the place too (issue 40, item 6), the hostel in Hindi.
    expect(filingTemplates.acknowledgementMail(row, { complaintUrl: URL }, named).text).toContain('(वाई-फ़ाई शिकायत: धीमा, ब्लॉक-2, कमरा 210)');
    expect(lifecycleTemplates.assignmentMail(row, URL, named).text).toContain('ब्लॉक-2');
    expect(raggingTemplates.raggingAcknowledgementMail(row, CONTACTS, URL, named).text).toContain('एंटी-रैगिंग समिति');
  });
});
