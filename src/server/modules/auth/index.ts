// The auth module's door: what other modules may use of it (issue 42); everything else is its own.
export { createOidcClient } from './oidc-client.js';
export { findActiveSession } from './session-service.js';
