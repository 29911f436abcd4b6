import { describe, expect } from 'vitest';
import { dayIn, addDays } from '../../src/shared/time.js';
import { aComplaint } from '../factories/complaints.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * The grievance ladder on a phone (issue 44): the hostel's wifi team turns a student's complaint
 * down; the student takes it to the Student Grievance Redressal Committee from the complaint's page;
 * the chair schedules a hearing and issues the decision; the student reads both in the thread and
 * appeals to the Ombudsperson, who asks the student a question (answered at the top of the student's page)
 * and disposes of the appeal; the student reads the order.
 *
 * What nobody does in a browser is arranged over HTTP: the complaint, its rejection, and the
 * committee the admin names. Every step a person takes is in Chromium at 390 × 844.
 */

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { email: 'ladder.admin@vitbhopal.ac.in', name: 'Ladder Admin' };
const WIFI = { email: 'ladder.wifi@vitbhopal.ac.in', name: 'Ladder Wifi' };
const STUDENT = { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22BCE10555' };
const CHAIR = { email: 'prof.sen@vitbhopal.ac.in', name: 'Prof. Anil Sen' };
const OMBUDSPERSON = { email: 'justice.rao@vitbhopal.ac.in', name: 'Justice Rao' };
const TIME_ZONE = 'Asia/Kolkata';

const suite = browserSuite(
  { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, TIME_ZONE },
  { admin: ADMIN, team: { wifi: { ...WIFI, role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] } } },
);
const { it } = suite;

describe('the grievance ladder', () => {
  it('a rejected complaint goes to the committee, is heard and decided, appealed and disposed of, and the student reads each step', async ({ browse }) => {
    const base = suite.portal.baseUrl;

    // Arranged: the student's complaint, turned down by the wifi team; the committee and the Ombudsperson named.
    const studentApi = await suite.api(STUDENT);
    const filed = await studentApi.post('/api/complaints', aComplaint({ complaint: 'The wifi in room 312 has not worked for two weeks.' }));
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const complaint = String(filed.body.number);
    const wifi = await suite.api(WIFI);
    const rejected = await wifi.send('POST', `/api/staff/complaints/${complaint}/transitions`, { to: 'rejected', note: 'The access point is working; nothing to fix.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const admin = await suite.api(ADMIN);
    const named = await admin.send('PUT', '/api/admin/grievance-committee', {
      members: [{ ...CHAIR, position: 'chair', woman: false, reservedCategory: true }],
      ombudsperson: OMBUDSPERSON,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);

    // The student opens the rejected complaint and takes it to the committee.
    const student = await browse.as(STUDENT, PHONE_390);
    await student.page.goto(`${base}/my/${complaint}`);
    const card = student.page.getByRole('region', { name: 'Not satisfied? Take it to the grievance committee' });
    await card.getByText('The hostel team turned this complaint down.').waitFor();
    await card.getByRole('button', { name: 'Write to the committee' }).click();
    await card.getByRole('button', { name: 'Send to the committee' }).click();
    await card.getByText('Say why you are not satisfied').waitFor();
    await card.getByLabel('Why are you not satisfied?').fill('The wifi still drops every evening; the team closed it without checking the room.');
    expect(await seriousAxeViolations(student.page)).toEqual([]);
    await card.getByRole('button', { name: 'Send to the committee' }).click();
    await student.page.waitForURL(/\/grievances\/[^/]+$/);
    const grievance = decodeURIComponent(new URL(student.page.url()).pathname.split('/').pop() ?? '');
    await student.page.getByText(`Your grievance ${grievance} is with the committee.`, { exact: false }).waitFor();
    await student.page.getByTestId('grievance-clocks').getByText(/The committee decides by/).waitFor();
    const thread = student.page.getByTestId('grievance-thread');
    await thread.getByText('Grievance raised').waitFor();
    expect(await hasHorizontalScroll(student.page)).toBe(false);

    // The chair finds it in the console, with the complaint's whole history, schedules a hearing and decides.
    const chair = await browse.as(CHAIR, PHONE_390);
    // The menu offers the committee's console to its members (the app is live on /my, which is not prerendered).
    await chair.page.goto(`${base}/my`);
    await chair.page.getByRole('heading', { name: 'My complaints', level: 1 }).waitFor();
    await chair.page.getByRole('button', { name: 'Menu' }).click();
    await chair.page.getByRole('link', { name: 'Grievance committee' }).click();
    await chair.page.getByRole('link', { name: grievance }).click();
    const history = chair.page.getByTestId('complaint-history');
    await history.getByText('The access point is working; nothing to fix.', { exact: false }).waitFor();
    await chair.page.getByText('22BCE10555', { exact: true }).waitFor();
    const hearingDay = addDays(dayIn(new Date(), TIME_ZONE), 3);
    const hearing = chair.page.getByRole('form', { name: 'Schedule a hearing' });
    await hearing.getByLabel('Day').fill(hearingDay);
    await hearing.getByLabel('Time').fill('15:30');
    await hearing.getByLabel('Place or link').fill('Committee room, Admin Block');
    await hearing.getByRole('button', { name: 'Schedule the hearing' }).click();
    await chair.page.getByText('The hearing is scheduled. The student has been told.').waitFor();
    const decision = chair.page.getByRole('form', { name: 'Record the decision' });
    await decision.getByLabel('Outcome').selectOption({ label: 'Upheld' });
    await decision.getByLabel('Findings').fill('The access point on floor 3 drops clients every evening; the team did not visit the room.');
    await decision.getByLabel('Decision and what is to be done').fill('Replace the access point within 7 days and report to the committee.');
    await decision.getByRole('button', { name: 'Review before issuing' }).click();
    const review = chair.page.getByTestId('ruling-review');
    await review.getByText('Once issued, the decision cannot be changed', { exact: false }).waitFor();
    expect(await seriousAxeViolations(chair.page)).toEqual([]);
    await review.getByRole('button', { name: 'Issue the decision' }).click();
    await chair.page.getByText('The decision is issued.', { exact: false }).waitFor();
    expect(await hasHorizontalScroll(chair.page)).toBe(false);

    // The student reads the hearing and the decision in the thread (with its PDF), and appeals.
    await student.page.reload();
    const hearingStep = thread.getByTestId('thread-hearing');
    await hearingStep.getByText('Committee room, Admin Block').waitFor();
    await hearingStep.getByText(/3:30\s?pm/i).waitFor();
    const decisionStep = thread.getByTestId('thread-decision');
    await decisionStep.getByText('The committee’s decision: Upheld').waitFor();
    const pdfHref = await decisionStep.getByRole('link', { name: 'The decision as a PDF' }).getAttribute('href');
    const pdf = await student.context.request.get(`${base}${pdfHref ?? ''}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const appeal = student.page.getByRole('region', { name: 'Not satisfied with the decision? Appeal to the Ombudsperson' });
    await appeal.getByText(/You can appeal until/).waitFor();
    await appeal.getByRole('button', { name: 'Appeal' }).click();
    await appeal.getByLabel('Why do you appeal?').fill('Seven days is too long: the exams start on Monday.');
    expect(await seriousAxeViolations(student.page)).toEqual([]);
    await appeal.getByRole('button', { name: 'Send the appeal' }).click();
    await student.page.getByText('Your appeal is with the Ombudsperson, who disposes of it within 30 days.').waitFor();
    await thread.getByTestId('thread-appeal').waitFor();

    // The Ombudsperson sees what the committee saw and its decision, and disposes of the appeal.
    const ombudsperson = await browse.as(OMBUDSPERSON, PHONE_390);
    await ombudsperson.page.goto(`${base}/ombudsperson`);
    await ombudsperson.page.getByRole('link', { name: grievance }).click();
    await ombudsperson.page.getByTestId('decision').getByText('Replace the access point within 7 days', { exact: false }).waitFor();
    await ombudsperson.page.getByTestId('complaint-history').getByText('The access point is working; nothing to fix.', { exact: false }).waitFor();
    // A question to the student first, which the student answers at the top of their page.
    const ask = ombudsperson.page.getByRole('form', { name: 'Ask a question' });
    await ask.getByLabel('Question for').selectOption({ label: 'The student' });
    await ask.getByLabel('Question', { exact: true }).fill('On which day do your exams start?');
    await ask.getByRole('button', { name: 'Send the question' }).click();
    await ombudsperson.page.getByText('The question is sent to the student.').waitFor();
    await student.page.reload();
    const asked = student.page.getByRole('region', { name: 'The Ombudsperson asked you something.' });
    await asked.getByText('On which day do your exams start?').waitFor();
    await asked.getByRole('textbox', { name: 'Your answer' }).fill('Monday the 14th.');
    await asked.getByRole('button', { name: 'Send the answer' }).click();
    await student.page.getByText('Sent. It is in the thread.').waitFor();
    await expect.poll(() => asked.count()).toBe(0);
    await ombudsperson.page.reload();
    await ombudsperson.page.getByTestId('grievance-thread').getByText('Monday the 14th.').waitFor();
    const disposal = ombudsperson.page.getByRole('form', { name: 'Dispose of the appeal' });
    await disposal.getByLabel('Outcome').selectOption({ label: 'Decision modified' });
    await disposal.getByLabel('Findings').fill('The exams make the time matter.');
    await disposal.getByLabel('Order on the appeal').fill('Replace the access point within 2 days.');
    await disposal.getByRole('button', { name: 'Review before issuing' }).click();
    expect(await seriousAxeViolations(ombudsperson.page)).toEqual([]);
    await ombudsperson.page.getByTestId('ruling-review').getByRole('button', { name: 'Issue the order' }).click();
    await ombudsperson.page.getByText('The appeal is disposed of.', { exact: false }).waitFor();
    expect(await hasHorizontalScroll(ombudsperson.page)).toBe(false);

    // The student reads the order in the thread; the appeal is gone.
    await student.page.reload();
    const disposalStep = thread.getByTestId('thread-disposal');
    await disposalStep.getByText('The Ombudsperson’s order: Decision modified').waitFor();
    await disposalStep.getByRole('link', { name: 'The order as a PDF' }).waitFor();
    await expect.poll(() => student.page.getByRole('region', { name: 'Not satisfied with the decision? Appeal to the Ombudsperson' }).count()).toBe(0);
    expect(await hasHorizontalScroll(student.page)).toBe(false);
  });
});
