// The inbound module's door: what other modules may use of it (issue 42); everything else is its own.
export { ImapPoller } from './imap-poller.js';
export { inboundDeps, receiveMail } from './service.js';
