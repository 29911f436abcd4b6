// The push module's door: what other modules may use of it (issue 42); everything else is its own.
export { PushDispatcher } from './dispatcher.js';
export { pushMessage, pushTopic } from './message.js';
export { pruneFinishedPushes } from './prune.js';
export { channelsOf, setChannels } from './service.js';
export { pushNotices } from './notices.js';
