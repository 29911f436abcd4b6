// The access module's door: what other modules may use of it (issue 42); everything else is its own.
export { coveringWorkers, coveringWorkersColumn, inScope, isWorker, loadScope, mayRevealIdentity, mayWorkRaggingRecord, type Scope, scopeCondition } from './scope.js';
