// The notifications module's door: what other modules may use of it (issue 42); everything else is its own.
export { type BellText, notify, notifyGrouped, ringInstead } from './service.js';
