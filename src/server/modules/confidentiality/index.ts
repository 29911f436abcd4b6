/*
 * The confidentiality module's door: who may know who filed a confidential report, and what every
 * output may say of it (decision 63). Other modules import from here only.
 */
export { Reporters, loadReporter, type Reporter, type Filed } from './reporter.js';
export {
  mayKnowReporter,
  withholdIdentity,
  isReporterOnly,
  guardMail,
  guardNotification,
  staffVisibleStudent,
  staffVisibleRoom,
  staffVisibleAuthor,
  staffVisibleName,
  actorFor,
  withholdInJson,
  type ReaderFacts,
  type GuardedMail,
} from './projection.js';
export { revealIdentity } from './reveal.js';
export { recordIdentitySearch } from './identity-search.js';
