import { STATUS_LABELS, isFinishedStatus } from '../../../shared/constants.js';
import { studentMay, type StudentAction } from '../../../shared/lifecycle.js';
import type { ComplaintRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { I18n } from '../../i18n/index.js';

/**
 * Why the student may not do `action` now, as one sentence: the complaint, its status, then what
 * is possible instead. The 409's code names the action, so the web app can tell them apart.
 */
function refusal(complaint: Pick<ComplaintRow, 'number' | 'status'>, action: StudentAction): AppError {
  // The number, and the status as a sentence names it, in the reader's language.
  const values = (i18n: I18n) => ({ number: complaint.number, status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase() });
  const finished = isFinishedStatus(complaint.status);
  switch (action) {
    case 'reply':
      return AppError.withValues(409, 'complaint_finished', /*i18n*/ '{number} is {status}: it takes no more replies. File a new complaint if something is still wrong.', values);
    case 'add_photos':
      return AppError.withValues(409, 'complaint_finished', /*i18n*/ '{number} is {status}: it takes no more photos. File a new complaint if something is still wrong.', values);
    case 'withdraw':
      if (complaint.status === 'withdrawn') return AppError.withValues(409, 'cannot_withdraw', /*i18n*/ '{number} is already withdrawn.', values);
      return finished
        ? AppError.withValues(409, 'cannot_withdraw', /*i18n*/ '{number} is {status}: it can no longer be withdrawn.', values)
        : AppError.withValues(
            409,
            'cannot_withdraw',
            /*i18n*/ '{number} can no longer be withdrawn: the hostel team has already taken it up. Reply in the conversation instead.',
            values,
          );
    case 'confirm':
      return AppError.withValues(409, 'cannot_confirm', /*i18n*/ '{number} is {status}: only a resolved complaint can be confirmed.', values);
    case 'reopen':
      return finished
        ? AppError.withValues(
            409,
            'cannot_reopen',
            /*i18n*/ '{number} is {status}: only a resolved complaint can be reopened. File a new complaint if something is still wrong.',
            values,
          )
        : AppError.withValues(409, 'cannot_reopen', /*i18n*/ '{number} is {status}: only a resolved complaint can be reopened.', values);
  }
}

/**
 * Refuses what the complaint's own student may not do at its status. Every server-side refusal of a
 * student's action comes from here, and `studentMay` (src/shared/lifecycle.ts) decides it: the
 * student's pages offer their buttons with the same table, so the two never disagree.
 */
export function refuseUnlessStudentMay(complaint: Pick<ComplaintRow, 'number' | 'status'>, action: StudentAction): void {
  if (!studentMay(complaint.status, action)) throw refusal(complaint, action);
}
