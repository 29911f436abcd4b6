import type { ComplaintRow } from '../../db/schema.js';
import { ENGLISH, type Reader } from '../../i18n/readers.js';

/*
 * A complaint's place in mail words, apart from the templates: every function the template modules
 * export is a mail the confidentiality guard's test renders.
 */

/**
 * Where in its hostel a complaint is, as mail words it: "room 214", or the common area it was
 * filed for ("Floor 3 washroom", kept in place_text at filing, decision 45).
 */
export function roomOrArea(complaint: Pick<ComplaintRow, 'roomNo' | 'commonAreaId' | 'placeText' | 'confidential'>, r: Reader = ENGLISH): string {
  if (complaint.confidential) return reportedPlace(complaint, r);
  return complaint.commonAreaId ? (complaint.placeText ?? r.i18n._('a common area')) : r.i18n._('room {room}', { room: complaint.roomNo });
}

/** The same with the floor when it is a room ("room 214, floor 2"): an area's name says its floor. */
export function roomFloorOrArea(complaint: Pick<ComplaintRow, 'roomNo' | 'floor' | 'commonAreaId' | 'placeText' | 'confidential'>, r: Reader = ENGLISH): string {
  if (complaint.confidential || complaint.commonAreaId) return roomOrArea(complaint, r);
  return r.i18n._('room {room}, floor {floor}', { room: complaint.roomNo, floor: String(complaint.floor) });
}

/**
 * A confidential report's place in mail to anyone: where the report says it happened (decision 40),
 * never the reporter's room and floor, which would narrow the reporter to a room's occupants
 * (decision 63). The mail to the reporter says the same: the room is theirs already.
 */
function reportedPlace(complaint: Pick<ComplaintRow, 'placeText'>, { i18n }: Reader): string {
  return complaint.placeText ? i18n._('where it happened: {place}', { place: complaint.placeText }) : i18n._('where it happened: not said');
}
