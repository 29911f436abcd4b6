import { i18n } from '../../../lib/i18n';

/**
 * Why the portal wrote a mail, in the reader's words: the outbox keeps a key per kind of mail
 * (what each module that writes mail calls it). A key this list does not know yet is shown as it is.
 */
const purposeLabels = (): Record<string, string | undefined> => ({
  facility: i18n._('A new complaint, to its team'),
  acknowledgement: i18n._('Receipt to the student'),
  status: i18n._('Status change, to the student'),
  reply: i18n._('Reply, to the student'),
  student_reply: i18n._("The student's reply, to the team"),
  student_photos: i18n._("The student's photos, to the team"),
  follower_status: i18n._('Status change, to a follower'),
  confirmed: i18n._('Fix confirmed, to the team'),
  reopened: i18n._('Reopened, to the team'),
  withdrawn: i18n._('Withdrawn, to the team'),
  merged: i18n._('Merged, to the student'),
  unmerged: i18n._('Merge undone, to the student'),
  assignment: i18n._('Assignment, to the worker'),
  new_work: i18n._('New work, to staff'),
  digest: i18n._('Digest, to staff'),
  escalation: i18n._('Late complaint, to wardens or administrators'),
  ragging_clock: i18n._('Ragging deadline, to the nodal officer'),
  incident_resolved: i18n._('Notice resolved, to the students'),
  insights_digest: i18n._('Insights digest'),
  cleaning_visit: i18n._('Cleaning visit, to the student'),
  visit: i18n._('Visit time, to the student or the team'),
  grievance_raised: i18n._('A new grievance, to the committee'),
  grievance_received: i18n._('Grievance received, to the student'),
  grievance_hearing: i18n._('Hearing, to the student'),
  grievance_decision: i18n._("The committee's decision, to the student"),
  grievance_appeal: i18n._('An appeal, to the Ombudsperson and the committee'),
  grievance_question: i18n._("The Ombudsperson's question"),
  grievance_message: i18n._('A message on a grievance'),
  grievance_disposal: i18n._("The Ombudsperson's order, to the student and the committee"),
  grievance_withdrawn: i18n._('Grievance withdrawn, to the committee'),
  grievance_reminder: i18n._('Grievance deadline missed, to the chair, the Ombudsperson or the head'),
});

export const mailPurposeLabel = (purpose: string): string => purposeLabels()[purpose] ?? purpose;
