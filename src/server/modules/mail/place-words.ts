import type { ComplaintRow } from '../../db/schema.js';

/*
 * A complaint's place in mail words, apart from the templates: every function the template modules
 * export is a mail the confidentiality guard's test renders.
 */

/**
 * Where in its hostel a complaint is, as mail words it: "room 214", or the common area it was
 * filed for ("Floor 3 washroom", kept in place_text at filing, decision 45).
 */
export function roomOrArea(complaint: Pick<ComplaintRow, 'roomNo' | 'commonAreaId' | 'placeText'>): string {
  return complaint.commonAreaId ? (complaint.placeText ?? 'a common area') : `room ${complaint.roomNo}`;
}

/** The same with the floor when it is a room ("room 214, floor 2"): an area's name says its floor. */
export function roomFloorOrArea(complaint: Pick<ComplaintRow, 'roomNo' | 'floor' | 'commonAreaId' | 'placeText'>): string {
  return complaint.commonAreaId ? roomOrArea(complaint) : `room ${complaint.roomNo}, floor ${complaint.floor}`;
}
