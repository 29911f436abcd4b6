// The lifecycle module's door: what other modules may use of it (issue 42); everything else is its own.
export { anonymousReporter, recordAnonymousFiling, recordAnonymousReply } from './anonymous.js';
export { assignComplaint, takeComplaint } from './assignment.js';
export { tellCleaningVisit } from './cleaning.js';
export { type GrievanceNotice, type GrievanceRecipient, tellGrievance } from './grievance-notices.js';
export { addToTimeline, changeComplaint, type ComplaintChange, resolveTogether, type TimelineEntry } from './complaint-change.js';
export { createLifecycleContext, type LifecycleContext, studentUrl } from './context.js';
export { sendNewWorkDigests } from './digest.js';
export { escalateLate } from './escalation.js';
export { type NewComplaint, recordFiling } from './filing.js';
export { type HeldNotice, takeBackNotice, tellMerged, tellUnmerged } from './merge-notice.js';
export { bellTeam, tellByMail, tellNoticeResolved, tellStudent } from './notices.js';
export { addStudentPhotos, attachPhotos } from './photos.js';
export { CLOCKS_STOPPED_BY, escalateRaggingClocks } from './ragging-clocks.js';
export { closeEnquiry, recordFirDecision } from './ragging.js';
export { tellSenderNotAdded } from './refusal-notice.js';
export { alreadyWritten, recordReply, type ReplyAuthor } from './replies.js';
export { autoCloseResolved, confirmResolution, lockOwnComplaint, reopen, studentReply, transitionByLink, withdraw } from './service.js';
export { applyTransition } from './transition.js';
