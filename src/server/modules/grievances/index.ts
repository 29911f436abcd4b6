// The grievances module's door (issue 44): what the rest of the server may use of it; everything else is its own.
export { tellMissedClocks } from './clocks.js';
