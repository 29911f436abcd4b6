// The users module's door: what other modules may use of it (issue 42); everything else is its own.
export { findAddedStaff, setLocale, toPublicUser, upsertUserAtSignIn } from './service.js';
export { saveInsightsDigest, saveWorkPreferences } from './preferences.js';
