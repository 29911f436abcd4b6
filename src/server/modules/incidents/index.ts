// The incidents module's door: what other modules may use of it (issue 42); everything else is its own.
export { type ActiveIncident, activeIncidentsFor } from './queries.js';
