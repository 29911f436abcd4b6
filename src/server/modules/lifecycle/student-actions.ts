import { STATUS_LABELS, isFinishedStatus } from '../../../shared/constants.js';
import { studentMay, type StudentAction } from '../../../shared/lifecycle.js';
import type { ComplaintRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

const FILE_ANEW = 'File a new complaint if something is still wrong.';

/**
 * Why the student may not do `action` now, as one sentence: the complaint, its status, then what
 * is possible instead. The 409's code names the action, so the web app can tell them apart.
 */
function refusal(complaint: Pick<ComplaintRow, 'number' | 'status'>, action: StudentAction): AppError {
  const is = `${complaint.number} is ${STATUS_LABELS[complaint.status].toLowerCase()}`;
  switch (action) {
    case 'reply':
      return new AppError(409, 'complaint_finished', `${is}: it takes no more replies. ${FILE_ANEW}`);
    case 'add_photos':
      return new AppError(409, 'complaint_finished', `${is}: it takes no more photos. ${FILE_ANEW}`);
    case 'withdraw':
      if (complaint.status === 'withdrawn') return new AppError(409, 'cannot_withdraw', `${complaint.number} is already withdrawn.`);
      return new AppError(
        409,
        'cannot_withdraw',
        isFinishedStatus(complaint.status)
          ? `${is}: it can no longer be withdrawn.`
          : `${complaint.number} can no longer be withdrawn: the hostel team has already taken it up. Reply in the conversation instead.`,
      );
    case 'confirm':
      return new AppError(409, 'cannot_confirm', `${is}: only a resolved complaint can be confirmed.`);
    case 'reopen':
      return new AppError(
        409,
        'cannot_reopen',
        `${is}: only a resolved complaint can be reopened.${isFinishedStatus(complaint.status) ? ` ${FILE_ANEW}` : ''}`,
      );
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
