// The staff module's door: what other modules may use of it (issue 42); everything else is its own.
export { BulkRunner } from './bulk-runner.js';
export { assignee, complaintColumns, queueCondition, queueOrder } from './queries.js';
export { staffViews, workerTimeline } from './service.js';
