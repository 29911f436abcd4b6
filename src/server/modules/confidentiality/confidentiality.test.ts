import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complaints, notifications, outbox, users, type ComplaintRow } from '../../db/schema.js';
import * as lifecycleTemplates from '../mail/lifecycle-templates.js';
import * as raggingTemplates from '../mail/ragging-templates.js';
import * as filingTemplates from '../mail/templates.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { guardMail, guardNotification, withholdIdentity } from './projection.js';
import { reporterOf, type Account } from './reporter.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

const STUDENT = { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22MIM10045' };
/** Everything that would tell a reader who filed. */
const IDENTITY = ['meera.iyer@vitbhopal.ac.in', 'meera.iyer', 'Meera', 'Iyer', '22MIM10045'];
/** The student writes their own name into the complaint and the reopening reason, as people do. */
const MESSAGE = 'Seniors from room 210 came at night. I am Meera Iyer (22MIM10045), reach me at meera.iyer@vitbhopal.ac.in.';
const REASON = 'It happened again last night — Meera, 22MIM10045.';

function expectNoIdentity(where: string, ...parts: Array<string | null | undefined>) {
  const text = parts.join('\n').toLowerCase();
  for (const word of IDENTITY) expect(text, `${where} mentions ${word}`).not.toContain(word.toLowerCase());
}

const CONTACTS = {
  raggingHelpline: '1800-180-5522',
  committeeName: 'Anti-Ragging Committee',
  committeeEmail: 'anti.ragging.committee@vitbhopal.ac.in',
  committeePhone: '',
  nodalOfficerName: 'Nodal Officer',
  nodalOfficerEmail: 'nodal.antiragging@vitbhopal.ac.in',
  nodalOfficerPhone: '0755 000 000',
  headName: 'Vice-Chancellor',
  headEmail: 'vice.chancellor@vitbhopal.ac.in',
};

const confidentialRow = (): ComplaintRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  number: 'HC-2026-000042',
  kind: 'complaint',
  category: 'other',
  complaintHead: 'Other Complaint',
  subCategory: 'Ragging',
  hostel: 'Block-2',
  floor: 2,
  roomNo: '210',
  message: MESSAGE,
  studentId: '00000000-0000-4000-8000-000000000002',
  fname: 'Meera',
  regId: '22MIM10045',
  userEmail: STUDENT.email,
  toEmails: ['others@vitbhopal.ac.in'],
  ccEmails: [],
  mergedIntoId: null,
  incidentId: null,
  followerCount: 0,
  status: 'resolved',
  assigneeId: null,
  confidential: true,
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
  firDueAt: new Date('2026-11-02T10:00:00Z'),
  enquiryDueAt: new Date('2026-11-08T10:00:00Z'),
  enquiryClosedAt: null,
  enquiryClosedBy: null,
  enquiryOutcome: null,
  firEscalationLevel: 0,
  enquiryEscalationLevel: 0,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
});

/**
 * How to render each template. Adding a template without adding it here fails the test below, so
 * a new mail can never skip this check.
 */
const RENDER: Record<string, (c: ComplaintRow) => filingTemplates.RenderedMail> = {
  facilityMail: (c) => filingTemplates.facilityMail(c, { complaintUrl: 'https://portal.example/staff/complaints/HC-2026-000001', acknowledge: 'https://portal.example/act/a', resolve: 'https://portal.example/act/r' }),
  acknowledgementMail: (c) => filingTemplates.acknowledgementMail(c, { complaintUrl: 'https://portal.example/my/x' }),
  statusChangeMail: (c) => lifecycleTemplates.statusChangeMail(c, 'resolved', REASON, 'https://portal.example/my/x'),
  replyMail: (c) => lifecycleTemplates.replyMail(c, REASON, 'https://portal.example/my/x'),
  studentReplyMail: (c) => lifecycleTemplates.studentReplyMail(c, REASON, 'https://portal.example/staff/x'),
  studentPhotosMail: (c) => lifecycleTemplates.studentPhotosMail(c, 2, 'https://portal.example/staff/x'),
  withdrawnMail: (c) => lifecycleTemplates.withdrawnMail(c, 'https://portal.example/staff/x'),
  assignmentMail: (c) => lifecycleTemplates.assignmentMail(c, 'https://portal.example/staff/x'),
  reopenedMail: (c) => lifecycleTemplates.reopenedMail(c, REASON, 'https://portal.example/staff/x'),
  confirmedMail: (c) => lifecycleTemplates.confirmedMail(c, 4, REASON, 'https://portal.example/staff/x'),
  escalationMail: (c) => lifecycleTemplates.escalationMail(c, 'wardens', 'https://portal.example/staff/x'),
  lateListMail: (c) => lifecycleTemplates.lateListMail([{ complaint: c, audience: 'wardens' }], 'https://portal.example/staff?escalated=true'),
  newWorkMail: (c) => lifecycleTemplates.newWorkMail(c, 'https://portal.example/staff/x'),
  newWorkDigestMail: (c) => lifecycleTemplates.newWorkDigestMail([c], 4, 'https://portal.example/staff'),
  followerStatusMail: (c) => lifecycleTemplates.followerStatusMail(c, 'resolved', REASON, 'https://portal.example/my/x'),
  mergedMail: (c) => lifecycleTemplates.mergedMail(c, { ...c, number: 'HC-2026-000002' }, 'https://portal.example/my/HC-2026-000002'),
  unmergedMail: (c) => lifecycleTemplates.unmergedMail(c, 'HC-2026-000002', 'https://portal.example/my/x'),
  visitMail: (c) => lifecycleTemplates.visitMail(c, 'proposed', 'Thu 27 Nov, 16:00–17:00', 'https://portal.example/my/x'),
  raggingAcknowledgementMail: (c) => raggingTemplates.raggingAcknowledgementMail(c, CONTACTS, 'https://portal.example/my/x'),
  raggingClockMail: (c) => raggingTemplates.raggingClockMail(c, 'enquiry', 'head', 'https://portal.example/staff/x'),
};

/** The account behind the row: renamed since it filed, with a room remembered. */
const ACCOUNT: Account = {
  email: STUDENT.email,
  name: 'Meera Iyer',
  displayName: STUDENT.name,
  formerNames: ['Meera Krishnan 22MIM10045'],
  regId: '22MIM10045',
  placeRoom: '210',
  placeFloor: '2',
};
const reporter = (c: ComplaintRow = confidentialRow()) => reporterOf(c, ACCOUNT);

describe('the confidentiality guard', () => {
  it('knows every mail template there is', () => {
    const exported = [...Object.entries(filingTemplates), ...Object.entries(lifecycleTemplates), ...Object.entries(raggingTemplates)]
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    expect(exported).toEqual(Object.keys(RENDER).sort());
  });

  it.each(Object.keys(RENDER))('leaves nothing of the student in %s sent to the team', (name) => {
    const complaint = confidentialRow();
    const rendered = RENDER[name]?.(complaint);
    if (!rendered) throw new Error(name);
    const mail = guardMail(reporter(complaint), { ...rendered, to: ['others@vitbhopal.ac.in'], cc: ['warden@vitbhopal.ac.in'], replyTo: STUDENT.email });
    expect(mail.replyTo).toBeUndefined();
    expectNoIdentity(name, mail.subject, mail.text, mail.html);
  });

  it('lets the student read their own mail and notifications in full', () => {
    const complaint = confidentialRow();
    const mail = guardMail(reporter(complaint), { ...RENDER.replyMail!(complaint), to: [STUDENT.email.toUpperCase()] });
    expect(mail.text).toContain('Meera');
    expect(guardNotification(reporter(complaint), complaint.studentId, REASON)).toBe(REASON);
    expect(guardNotification(reporter(complaint), 'someone-else', REASON)).not.toContain('Meera');
  });

  it('changes nothing about a complaint that is not confidential, and nothing inside other words', () => {
    const open = { ...confidentialRow(), confidential: false };
    expect(withholdIdentity(reporter(open), MESSAGE)).toBe(MESSAGE);
    // "Meerabai" and "Iyerpet" are other words; only whole words are withheld.
    expect(withholdIdentity(reporter(), 'Meerabai Road, Iyerpet')).toBe('Meerabai Road, Iyerpet');
  });

  // Issue 39, item 1: the guard withheld the first name but not the surname ("It is [withheld] Mehta again").
  it('withholds every name the account has had, its room and floor, and phone numbers', () => {
    const said = withholdIdentity(
      reporter(),
      'It is Iyer again (Krishnan before), 22mim10045, from room 210 on floor 2; call 98765 43210 or +91-9876543210. About HC-2026-000042 at 2026-11-01.',
    );
    for (const word of ['Iyer', 'Krishnan', '22mim10045', '210', 'floor 2', '98765', '9876543210']) expect(said).not.toContain(word);
    // A complaint number, a date and ordinary words stay.
    expect(said).toContain('HC-2026-000042 at 2026-11-01');
    expect(said).toContain('It is [withheld] again');
  });
});

// The app of the second block's journey (a file's fixtures are made at its top level).
const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' },
  staff: {
    email: 'others.team@vitbhopal.ac.in',
    name: 'Kiran Team',
    role: 'staff',
    scopes: [{ category: 'other', hostel: '' }, { category: 'ragging', hostel: '' }],
  },
  student: STUDENT,
});

describe('a confidential complaint through its whole life', () => {
  let portal: TestApp;
  let admin: ApiClient;
  let student: ApiClient;
  let staff: ApiClient;

  test.beforeAll(({ portal: app, admin: a, staff: team, student: meera }) => {
    [portal, admin, staff, student] = [app, a, team, meera];
  });

  it('never names the student in any mail, header or notification to anyone else', async () => {
    const filed = await student.post('/api/complaints', aComplaint({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', hostel: 'Block-2', floor: 2, roomNo: '210', complaint: MESSAGE }));
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);
    const [{ id: staffId } = { id: '' }] = await portal.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'others.team@vitbhopal.ac.in'));

    const step = async (what: string, call: Promise<{ status: number; body: unknown }>) => {
      const { status, body } = await call;
      expect(status, `${what}: ${JSON.stringify(body)}`).toBeLessThan(300);
    };
    await step('assign', admin.send('POST', `/api/staff/complaints/${number}/assign`, { assigneeId: staffId }));
    await step('start', staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: 'Spoke to the warden' }));
    await step('reply', staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'We are on it.', internal: false }));
    await step('resolve', staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: '' }));
    await step('reopen', student.send('POST', `/api/complaints/${number}/reopen`, { reason: REASON }));

    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, number));
    if (!row) throw new Error('complaint not stored');
    const mails = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, row.id));
    const toTeam = mails.filter((m) => ![...m.toEmails, ...m.ccEmails].every((a) => a === STUDENT.email));
    // Filing, assignment and reopening each told the team.
    expect(toTeam.map((m) => m.purpose).sort()).toEqual(['assignment', 'facility', 'reopened']);
    for (const mail of toTeam) {
      expect(mail.replyTo, `${mail.purpose} has a Reply-To`).toBeNull();
      expectNoIdentity(`${mail.purpose} mail`, mail.subject, mail.textBody, mail.htmlBody, mail.toEmails.join(), mail.ccEmails.join());
    }

    const bells = await portal.database.db.select().from(notifications).where(eq(notifications.complaintId, row.id));
    const others = bells.filter((n) => n.userId !== row.studentId);
    expect(others.length).toBeGreaterThanOrEqual(2);
    for (const bell of others) expectNoIdentity('notification', bell.text);

    // The staff console's own view of it, timeline included.
    const detail = await staff.get(`/api/staff/complaints/${number}`);
    expect(detail.status).toBe(200);
    expectNoIdentity('staff detail', JSON.stringify(detail.body));
    const queue = await staff.get('/api/staff/complaints');
    expectNoIdentity('staff queue', JSON.stringify(queue.body));

    // The student still sees everything they wrote.
    const own = await student.get(`/api/complaints/${number}`);
    expect(JSON.stringify(own.body)).toContain('Meera Iyer');
    const studentMails = mails.filter((m) => m.toEmails.every((a) => a === STUDENT.email));
    expect(studentMails.length).toBeGreaterThan(0);
  });
});
