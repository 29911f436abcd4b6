// The ragging module's door: what other modules may use of it (issue 42); everything else is its own.
export { clockState } from './dto.js';
