import { OPEN_STATUSES, isFinishedStatus, type ComplaintStatus } from './constants.js';

/**
 * The one state machine of a complaint. The server decides every transition with it; the web app
 * reads the same table to offer only the actions that are valid.
 *
 *   submitted → acknowledged → in_progress → resolved → closed
 *        └───────────┴──────────────┴→ rejected        ↑    │
 *                                       reopened ←────────┘ (student, with a reason)
 *   submitted → withdrawn (student, while nobody has acknowledged it)
 */

export type TransitionActor = 'student' | 'staff' | 'system';

export interface Transition {
  from: readonly ComplaintStatus[];
  to: ComplaintStatus;
  /** Who may take it: the complaint's own student, anyone working it, or the portal itself. */
  by: readonly TransitionActor[];
  /** A note is required (a rejection or reopening must say why). */
  reasonRequired: boolean;
  /** Button text in the consoles. */
  label: string;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: ['submitted', 'reopened'], to: 'acknowledged', by: ['staff'], reasonRequired: false, label: /*i18n*/ 'Acknowledge' },
  { from: ['submitted', 'acknowledged', 'reopened'], to: 'in_progress', by: ['staff'], reasonRequired: false, label: /*i18n*/ 'Start work' },
  { from: OPEN_STATUSES, to: 'resolved', by: ['staff'], reasonRequired: false, label: /*i18n*/ 'Mark resolved' },
  { from: OPEN_STATUSES, to: 'rejected', by: ['staff'], reasonRequired: true, label: /*i18n*/ 'Reject' },
  { from: ['resolved'], to: 'closed', by: ['student', 'system'], reasonRequired: false, label: /*i18n*/ 'Confirm it is fixed' },
  { from: ['resolved'], to: 'reopened', by: ['student'], reasonRequired: true, label: /*i18n*/ 'Reopen' },
  // Only while nobody has acknowledged it: once the team took it on, the student talks to them instead.
  { from: ['submitted'], to: 'withdrawn', by: ['student'], reasonRequired: false, label: /*i18n*/ 'Withdraw' },
];

export function findTransition(from: ComplaintStatus, to: ComplaintStatus): Transition | undefined {
  return TRANSITIONS.find((t) => t.to === to && t.from.includes(from));
}

/** The transitions `actor` may take from `status`, in display order. */
export function allowedTransitions(status: ComplaintStatus, actor: TransitionActor): Transition[] {
  return TRANSITIONS.filter((t) => t.from.includes(status) && t.by.includes(actor));
}

export type TransitionCheck =
  | { ok: true; transition: Transition }
  | { ok: false; reason: 'not_allowed' | 'reason_required' };

export function checkTransition(
  from: ComplaintStatus,
  to: ComplaintStatus,
  actor: TransitionActor,
  note: string,
): TransitionCheck {
  const transition = findTransition(from, to);
  if (!transition || !transition.by.includes(actor)) return { ok: false, reason: 'not_allowed' };
  if (transition.reasonRequired && note.trim() === '') return { ok: false, reason: 'reason_required' };
  return { ok: true, transition };
}

/**
 * What the complaint's own student may do at each status, beside the transitions above: add words
 * and photos while the complaint is not finished (a resolved complaint still takes both: the
 * student may be telling the team it is not fixed), withdraw, confirm or reopen when the table
 * allows it. The server refuses with this and the student's pages offer with it, so the two never
 * disagree.
 */
export type StudentAction = 'reply' | 'add_photos' | 'withdraw' | 'confirm' | 'reopen';

const STUDENT_TRANSITION_OF: Record<Extract<StudentAction, 'withdraw' | 'confirm' | 'reopen'>, ComplaintStatus> = {
  withdraw: 'withdrawn',
  confirm: 'closed',
  reopen: 'reopened',
};

export function studentMay(status: ComplaintStatus, action: StudentAction): boolean {
  if (action === 'reply' || action === 'add_photos') return !isFinishedStatus(status);
  const transition = findTransition(status, STUDENT_TRANSITION_OF[action]);
  return Boolean(transition?.by.includes('student'));
}
