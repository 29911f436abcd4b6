// The followers module's door: what other modules may use of it (issue 42); everything else is its own.
export { leave, meToo } from './following.js';
export { duplicatesOf, lastMerge, mergeDuplicate, undoMerge, undoUntil } from './merge.js';
