// The mail module's door: what other modules may use of it (issue 42); everything else is its own.
export { MailDispatcher } from './dispatcher.js';
export { collectingMail, type MailHandover } from './handover.js';
export { escapeHtml, htmlLang, oneLine, paragraphsMail } from './html.js';
export { APPEAL_OUTCOME_LABELS, COMMITTEE_OUTCOME_LABELS, type GrievanceFacts, type GrievanceMail, grievanceMail } from './grievance-templates.js';
export { incidentResolvedMail } from './incident-templates.js';
export { assignmentMail, confirmedMail, escalationMail, followerStatusMail, lateListMail, mergedMail, newWorkDigestMail, newWorkMail, reopenedMail, replyMail, statusChangeMail, studentPhotosMail, studentReplyMail, unmergedMail, visitMail, withdrawnMail } from './lifecycle-templates.js';
export { enqueueMail, type MailFor, type MailOptions, type OutgoingMail } from './outbox.js';
export { pruneFinishedMail } from './prune.js';
export { type ClockAudience, raggingAcknowledgementMail, type RaggingClock, raggingClockMail } from './ragging-templates.js';
export { REFUSAL_PURPOSE, refusalMail, type RefusalReason } from './refusal-templates.js';
export { isPortalAddress, readReplyAddress, type ReplyAddressing, type ReplyToken, tokenMatches } from './reply-address.js';
export { acknowledgementMail, facilityMail, type RenderedMail } from './templates.js';
