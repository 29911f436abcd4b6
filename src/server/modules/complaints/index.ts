// The complaints module's door: what other modules may use of it (issue 42); everything else is its own.
export { commonAreaOf, toComplaintDto, toTimelineEntry } from './dto.js';
export { nearby, nearbyColumns, toNearbyComplaint, toNearbyNotice } from './nearby.js';
export { fileCleaningRequest, fileComplaint } from './service.js';
