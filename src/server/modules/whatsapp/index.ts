// The WhatsApp module's door (issue 43): what others may use of it; everything else is its own.
export { WhatsAppInbound } from './inbound.js';
export { WhatsAppOutbox, queueMessage, type QueuedMessage } from './outbox.js';
export type { ChatActions } from './chat.js';
export { whatsappNotices } from './notices.js';
