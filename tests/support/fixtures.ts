import { test as base, expect } from 'vitest';
import { aStudent } from '../factories/complaints.js';
import { DEMO_ADMIN, DEMO_STAFF, demoStudents, type DemoPerson } from '../factories/demo.js';
import type { SignInAs } from './http-client.js';
import { SmtpSink } from './smtp-sink.js';
import { addStaff, type NewStaff } from './staff.js';
import { ApiClient } from './student.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * A ready portal with its people, as vitest fixtures (the Epic Stack's `test.extend` is the model):
 * a file says who is there, the fixtures build them once for the file, on the file's one app and
 * fresh database, and close that app after the file's last test.
 *
 *     const test = portalTest({ env: RELAXED_LIMITS, staff: { ...WIFI, role: 'staff', scopes } });
 *     test('…', async ({ staff, student }) => { … });
 *
 * A file whose helpers keep the people in module variables takes them in one hook instead:
 * `test.beforeAll(({ portal, staff }) => { … })`. Everyone is signed in by a session made directly
 * in the database (ApiClient.withSession): the sign-in itself is walked in the auth tests.
 *
 * Each file makes its own `test` with portalTest: with `isolate: false` a worker's files share this
 * module, so a fixture changed for one file (test.override at the top of a file) would stay changed
 * for the next file the worker runs.
 */

/** Who a file's people are; each one left out is the demo university's (tests/factories/demo.ts). */
export interface PortalSetup<Team extends string = never, Students extends string = never> {
  /**
   * The environment the app starts with, as startTestApp takes it; ADMIN_EMAILS defaults to the
   * admin's address. Read as the app starts, after the file's own earlier beforeAll hooks.
   */
  env?: Record<string, string>;
  /** A mail server the app sends to (SMTP_URL), started before the app and stopped after it: the `sink` fixture. */
  mail?: boolean;
  /** Stops what the file started for the app to talk to (a push service), once the app is closed. */
  afterClose?: () => Promise<void> | void;
  /** startTestApp's other options (logger, setup, port). */
  app?: Parameters<typeof startTestApp>[1];
  /** The administrator, listed in ADMIN_EMAILS. */
  admin?: SignInAs;
  /** A member of staff the admin adds (default: the demo's wifi team, every hostel). */
  staff?: NewStaff;
  /** A warden the admin adds (default: the demo's Block-2 warden). */
  warden?: NewStaff;
  /** A student (default: the demo's first student). */
  student?: SignInAs;
  /** More staff and wardens, added by the admin in this order, each signed in: `team.duty`, … */
  team?: Record<Team, NewStaff>;
  /** More students, each signed in: `students.other`, … */
  students?: Record<Students, SignInAs>;
}

const demoPerson = ({ email, name, role, antiRagging, scopes }: DemoPerson): NewStaff => ({ email, name, role, antiRagging, scopes });
const DEMO_WIFI = DEMO_STAFF.find((p) => p.email === 'wifi.team@vitbhopal.ac.in');
const DEMO_WARDEN = DEMO_STAFF.find((p) => p.role === 'warden' && p.scopes.some((s) => s.hostel === 'Block-2'));
if (!DEMO_WIFI || !DEMO_WARDEN) throw new Error('the demo university has a wifi team and a Block-2 warden');
const DEMO_STUDENT = demoStudents(1)[0];
if (!DEMO_STUDENT) throw new Error('the demo university has students');

/** The demo university's people, the fixtures' defaults. */
export const DEFAULT_PEOPLE = {
  admin: { email: DEMO_ADMIN.email, name: DEMO_ADMIN.name },
  staff: demoPerson(DEMO_WIFI),
  warden: demoPerson(DEMO_WARDEN),
  student: { email: DEMO_STUDENT.email, name: DEMO_STUDENT.name },
} as const satisfies { admin: SignInAs; staff: NewStaff; warden: NewStaff; student: SignInAs };

/** Signs in a member of staff the admin added, checking the portal gave them the role they were added with. */
async function signInAdded(portal: TestApp, admin: ApiClient, person: NewStaff): Promise<ApiClient> {
  await addStaff(admin, person);
  const client = await ApiClient.withSession(portal, { email: person.email, name: person.name });
  expect(client.user.role, `${person.email} signed in`).toBe(person.role);
  return client;
}

export function portalTest<Team extends string = never, Students extends string = never>(setup: PortalSetup<Team, Students> = {}) {
  const adminAs = setup.admin ?? DEFAULT_PEOPLE.admin;
  const test = base
    // eslint-disable-next-line no-empty-pattern -- a fixture's first argument must be a pattern; the sink needs no other fixture
    .extend('mailSink', { scope: 'file' }, async ({}, { onCleanup }): Promise<SmtpSink | undefined> => {
      if (!setup.mail) return undefined;
      const sink = await SmtpSink.start();
      onCleanup(() => sink.stop());
      return sink;
    })
    .extend('portal', { scope: 'file' }, async ({ mailSink }, { onCleanup }): Promise<TestApp> => {
      // Read now, not when the file was collected: a hook of the file before portalTest may fill in a port.
      const env = { ...(mailSink ? { SMTP_URL: mailSink.url } : {}), ADMIN_EMAILS: adminAs.email, ...setup.env };
      const portal = await startTestApp(env, setup.app);
      onCleanup(async () => {
        try {
          await portal.close();
        } finally {
          await setup.afterClose?.();
        }
        // The setup file's own check of this file ran before its fixtures were torn down.
        const late = portal.uncheckedErrorLogs();
        if (late.length) throw new Error(`${late.length} unexpected server error log(s) while the app closed:\n${late.join('\n')}`);
      });
      return portal;
    })
    /** The mail the app sent (with `mail: true`). */
    .extend('sink', { scope: 'file' }, ({ mailSink }): SmtpSink => {
      if (!mailSink) throw new Error('the sink fixture needs portalTest({ mail: true })');
      return mailSink;
    })
    .extend('admin', { scope: 'file' }, async ({ portal }): Promise<ApiClient> => {
      const client = await ApiClient.withSession(portal, adminAs);
      expect(client.user.role, `${adminAs.email} is in ADMIN_EMAILS`).toBe('admin');
      return client;
    })
    .extend('staff', { scope: 'file' }, ({ portal, admin }) => signInAdded(portal, admin, setup.staff ?? DEFAULT_PEOPLE.staff))
    .extend('warden', { scope: 'file' }, ({ portal, admin }) => signInAdded(portal, admin, setup.warden ?? DEFAULT_PEOPLE.warden))
    .extend('team', { scope: 'file' }, async ({ portal, admin }): Promise<Record<Team, ApiClient>> => {
      const team: Partial<Record<Team, ApiClient>> = {};
      for (const [key, person] of Object.entries(setup.team ?? {}) as Array<[Team, NewStaff]>) team[key] = await signInAdded(portal, admin, person);
      return team as Record<Team, ApiClient>;
    })
    .extend('student', { scope: 'file' }, ({ portal }) => ApiClient.withSession(portal, setup.student ?? DEFAULT_PEOPLE.student))
    .extend('students', { scope: 'file' }, async ({ portal }): Promise<Record<Students, ApiClient>> => {
      const students: Partial<Record<Students, ApiClient>> = {};
      for (const [key, who] of Object.entries(setup.students ?? {}) as Array<[Students, SignInAs]>) students[key] = await ApiClient.withSession(portal, who);
      return students as Record<Students, ApiClient>;
    })
    /** Anyone else signed in on the file's portal: `await signIn({ email, name })`. */
    .extend('signIn', { scope: 'file' }, ({ portal }) => (who: SignInAs) => ApiClient.withSession(portal, who))
    /** A student no other test uses (aStudent), signed in for this test alone. */
    .extend('newStudent', ({ signIn }) => signIn(aStudent()));
  // The app starts before the file's first test, in a hook as startTestApp in beforeAll did: a
  // start slowed by a busy machine counts against the hook's time, not the first test's.
  test.beforeAll(async ({ portal }) => {
    await portal.app.ready();
  });
  return test;
}
