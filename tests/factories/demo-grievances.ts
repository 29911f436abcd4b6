/**
 * The demo's grievance ladder (issue 44): the admin names the committee and the Ombudsperson, and
 * students take matters to them, one grievance in every state (received, a hearing scheduled,
 * decided with the appeal window open and with it closed, appealed, disposed, withdrawn). Every
 * step goes through the real routes with the portal's clock stood at the day it happened, so the
 * deadlines are the ones the rules give; none of them runs out at the portal's first start.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { complaints } from '../../src/server/db/schema.js';
import type { MovableClock } from '../support/clock.js';
import { DEMO_COMMITTEE, DEMO_OMBUDSPERSON } from './demo.js';

export interface DemoCaller {
  user: { id: string };
  call: (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => Promise<Record<string, unknown>>;
}

const DAY = 86_400_000;

interface Step {
  /** Days before now that the grievance was raised. */
  raised: number;
  hostel: string;
  subject: string;
  reason: string;
  hearing?: { at: number; for: number; place: string };
  decided?: { at: number; outcome: 'upheld' | 'partly_upheld' | 'not_upheld'; findings: string; decision: string };
  appealed?: { at: number; reason: string; question?: { at: number; text: string } };
  disposed?: { at: number; outcome: 'confirmed' | 'modified' | 'set_aside'; findings: string; decision: string };
  withdrawn?: number;
}

/** One grievance of each state; a rejected complaint old enough goes behind those that can have one. */
const STEPS: Step[] = [
  { raised: 2, hostel: 'Block-2', subject: 'Rejected without anyone looking at it', reason: 'The complaint was rejected as a duplicate, but the earlier one was about another floor.' },
  {
    raised: 6,
    hostel: 'Block-3',
    subject: 'Hot water in the evenings',
    reason: 'There has been no hot water after 6 pm for three weeks; the washroom complaints keep being closed.',
    hearing: { at: 5, for: -3, place: 'Dean of Students’ office, Academic Block 1, Room 104' },
  },
  {
    raised: 20,
    hostel: 'Girls',
    subject: 'The mess serves stale breakfast',
    reason: 'Bread and milk at breakfast are stale most days. The mess committee has not answered our letters.',
    hearing: { at: 18, for: 15, place: 'https://meet.vitbhopal.ac.in/sgrc-hearing' },
    decided: {
      at: 8,
      outcome: 'upheld',
      findings: 'The mess contractor’s delivery records show bread delivered two days before it is served.',
      decision: 'The contractor delivers bread and milk daily from next week; the warden checks the store every Monday and reports to the committee for a month.',
    },
  },
  {
    raised: 45,
    hostel: 'Block-1 (Old)',
    subject: 'Room change refused',
    reason: 'My request to move away from a room with a leaking roof was refused without a reason.',
    decided: {
      at: 30,
      outcome: 'not_upheld',
      findings: 'The roof was repaired on the day of the request; the room has been dry since, as the estate office’s report shows.',
      decision: 'No change of room is needed. The warden is to answer such requests in writing, with the reason.',
    },
  },
  {
    raised: 40,
    hostel: 'Block-2',
    subject: 'Fine for damage I did not cause',
    reason: 'I was fined ₹2,000 for a broken window that was broken before I moved in; my check-in form says so.',
    decided: { at: 25, outcome: 'partly_upheld', findings: 'The check-in form notes a cracked pane, not a broken one.', decision: 'The fine is halved to ₹1,000.' },
    appealed: { at: 12, reason: 'A cracked pane is what broke; I should not pay anything.', question: { at: 10, text: 'Do you have a photo of the window from the day you moved in?' } },
  },
  {
    raised: 58,
    hostel: 'Block-3',
    subject: 'Wifi cut off in exam week',
    reason: 'The hostel wifi was off for four days during the end-semester exams and the complaints were closed as resolved.',
    decided: { at: 45, outcome: 'not_upheld', findings: 'The outage was the ISP’s, outside the hostel’s control.', decision: 'No action against the hostel.' },
    appealed: { at: 40, reason: 'The hostel had a backup line it never switched on.' },
    disposed: {
      at: 20,
      outcome: 'modified',
      findings: 'The backup line existed and was not used: the outage was partly within the hostel’s control.',
      decision: 'The IT office switches to the backup line within an hour of an outage and posts a notice; the committee’s decision is modified accordingly.',
    },
  },
  { raised: 10, hostel: 'Girls', subject: 'Laundry timings', reason: 'The laundry closes before classes end.', withdrawn: 9 },
];

/** Fills the ladder; returns how many grievances were raised. */
export async function fillGrievances(opts: {
  db: Database['db'];
  clock: MovableClock;
  admin: DemoCaller;
  signIn: (who: { email: string; name: string }) => Promise<DemoCaller>;
  /** The demo's students with their callers. */
  students: ReadonlyArray<{ hostel: string; api: DemoCaller }>;
}): Promise<number> {
  const { db, clock, admin } = opts;
  await admin.call('PUT', '/api/admin/grievance-committee', {
    members: DEMO_COMMITTEE.map(({ email, name, position, woman, reservedCategory }) => ({ email, name, position, woman, reservedCategory })),
    ombudsperson: { email: DEMO_OMBUDSPERSON.email, name: DEMO_OMBUDSPERSON.name },
  });
  const chair = await opts.signIn(DEMO_COMMITTEE[0]);
  const member = await opts.signIn(DEMO_COMMITTEE[1]);
  const invitee = await opts.signIn(DEMO_COMMITTEE[5]);
  const ombudsperson = await opts.signIn(DEMO_OMBUDSPERSON);
  const now = Date.now();
  const at = (daysAgo: number, hourIst = 11) => {
    // 11:00 in Kolkata on that day: people do these things in office hours.
    const day = new Date(now - daysAgo * DAY);
    return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourIst - 5, 30));
  };
  const rejected = await db
    .select({ number: complaints.number, studentId: complaints.studentId, updatedAt: complaints.updatedAt })
    .from(complaints)
    .where(and(eq(complaints.status, 'rejected'), eq(complaints.confidential, false), eq(complaints.anonymous, false)))
    .orderBy(asc(complaints.updatedAt));
  const used = new Set<string>();
  let raised = 0;
  try {
    for (const [index, step] of STEPS.entries()) {
      clock.at(at(step.raised));
      // Behind it, a rejected complaint the student had by then, when there is one.
      const behind = rejected.find((c) => !used.has(c.number) && c.updatedAt.getTime() < at(step.raised).getTime());
      if (behind) used.add(behind.number);
      const author = behind
        ? opts.students.find((s) => s.api.user.id === behind.studentId)?.api
        : (opts.students.filter((s) => s.hostel === step.hostel)[index % 3] ?? opts.students[index])?.api;
      if (!author) continue;
      const g = await author.call('POST', '/api/grievances', behind ? { complaintNumber: behind.number, reason: step.reason } : { hostel: step.hostel, subject: step.subject, reason: step.reason });
      const number = String(g.number);
      raised += 1;
      if (step.hearing) {
        clock.at(at(step.hearing.at));
        await invitee.call('POST', `/api/committee/grievances/${number}/messages`, { text: 'I have seen this myself as a resident; I can speak to it at the hearing.' });
        await chair.call('POST', `/api/committee/grievances/${number}/hearings`, { at: at(step.hearing.for, 15).toISOString(), place: step.hearing.place });
      }
      if (step.decided) {
        clock.at(at(step.decided.at));
        await member.call('POST', `/api/committee/grievances/${number}/decision`, { outcome: step.decided.outcome, findings: step.decided.findings, decision: step.decided.decision });
      }
      if (step.appealed) {
        clock.at(at(step.appealed.at));
        await author.call('POST', `/api/grievances/${number}/appeal`, { reason: step.appealed.reason });
        if (step.appealed.question) {
          clock.at(at(step.appealed.question.at));
          await ombudsperson.call('POST', `/api/ombudsperson/appeals/${number}/questions`, { to: 'student', text: step.appealed.question.text });
          await author.call('POST', `/api/grievances/${number}/messages`, { text: 'Yes: I will bring the photo from my phone, dated the day I moved in.' });
        }
      }
      if (step.disposed) {
        clock.at(at(step.disposed.at));
        await ombudsperson.call('POST', `/api/ombudsperson/appeals/${number}/disposal`, { outcome: step.disposed.outcome, findings: step.disposed.findings, decision: step.disposed.decision });
      }
      if (step.withdrawn !== undefined) {
        clock.at(at(step.withdrawn));
        await author.call('POST', `/api/grievances/${number}/withdraw`);
      }
    }
  } finally {
    clock.release();
  }
  return raised;
}
