// The insights module's door: what other modules may use of it (issue 42); everything else is its own.
export { sendInsightsDigests } from './digest.js';
export { csvCell } from './export.js';
