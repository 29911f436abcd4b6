import { ROLES, type Role } from './constants.js';

/*
 * What each role may do, in one map (issue 42): the server's route guards (`requirePermission`)
 * and the web's menus read it, so a new role is one entry here (and its label). Which complaints a
 * worker sees within what they may do is their scope (modules/access), not their role.
 */

export const PERMISSIONS = [
  /** File complaints, cleaning requests and ragging reports of their own, follow them, say "Me too". */
  'complaint.file',
  /** Book weekly room cleaning. */
  'cleaning.book',
  /** Open a place's page from its label, with what is reported there. */
  'place.scan',
  /** Work complaints in their scope: the queue, a complaint's page, notices, places, anti-ragging records. */
  'queue.work',
  /** The day's cleaning list of their hostels. */
  'cleaning.list',
  /** Download their queue as CSV. */
  'queue.export',
  /** Oversee the work: the attention strip (late, escalated, nobody has it) on the first screen. */
  'queue.oversee',
  /** Insights: the dashboard of their scope, its tables and exports, and the weekly digest. */
  'insights.read',
  /** The admin console: the university, hostels, categories, services, routing, people, cleaning times. */
  'admin.console',
  /** Read the mail the portal sends, and retry it. */
  'mail.read',
  /** Read the audit log. */
  'audit.read',
  /** Print the QR labels of rooms and common areas. */
  'labels.print',
  /** Every complaint, whatever the scope. */
  'scope.everything',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const WORKER: readonly Permission[] = ['queue.work', 'queue.export', 'cleaning.list'];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  student: ['complaint.file', 'cleaning.book', 'place.scan'],
  staff: WORKER,
  warden: [...WORKER, 'queue.oversee', 'insights.read'],
  admin: [...WORKER, 'queue.oversee', 'insights.read', 'admin.console', 'mail.read', 'audit.read', 'labels.print', 'scope.everything'],
};

/** Whether `role` may do `permission`. */
export const can = (role: Role, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/** The roles that may do `permission`, in the order of ROLES. */
export const rolesThatCan = (permission: Permission): Role[] => ROLES.filter((role) => can(role, permission));

/** A role that works complaints (within its scope). */
export type WorkerRole = Exclude<Role, 'student'>;
export const isWorkerRole = (role: Role): role is WorkerRole => can(role, 'queue.work');
/** The roles that work complaints. */
export const WORKER_ROLES: readonly WorkerRole[] = ROLES.filter(isWorkerRole);
