// The photos module's door: what other modules may use of it (issue 42); everything else is its own.
export { removeAbandonedUploads, storeUpload } from './service.js';
export { databaseStorage, type PhotoStorage, s3Storage } from './storage.js';
