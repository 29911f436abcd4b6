import { expect } from 'vitest';
import type { ApiClient } from './student.js';

export interface Scope {
  category: string;
  hostel: string;
}

/** A member of staff or a warden, as an administrator fills in the form on /admin/people. */
export interface NewStaff {
  email: string;
  name?: string;
  /** 'staff' or 'warden' (the portal refuses anything else). */
  role: string;
  antiRagging?: boolean;
  scopes: readonly Scope[];
}

/**
 * Adds `person` the way an administrator does (POST /api/admin/users, as `admin`) and checks the
 * portal took them: for tests that need staff in place and are not about adding them (the people
 * page's own rules are tested in the users module). Returns the new user's id.
 */
export async function addStaff(admin: ApiClient, person: NewStaff): Promise<string> {
  const added = await admin.send('POST', '/api/admin/users', person);
  expect(added.status, `adding ${person.email}: ${JSON.stringify(added.body)}`).toBe(201);
  return String(added.body.id);
}
