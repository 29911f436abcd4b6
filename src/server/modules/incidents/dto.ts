import { noticeTimeText, type ActiveNotice, type StaffIncident, type StaffIncidentDetail } from '../../../shared/incidents.js';
import type { IncidentView, linkedComplaints } from './queries.js';
import type { StudentNotices } from './service.js';

/** A notice as the console shows it; its expected end in words on the university's clock. */
export function toStaffIncident(view: IncidentView, timeZone: string, now = new Date()): StaffIncident {
  const { incident } = view;
  return {
    id: incident.id,
    hostel: incident.hostel,
    floors: incident.floors,
    category: incident.category,
    title: incident.title,
    details: incident.details,
    status: incident.status,
    endsAt: incident.endsAt.toISOString(),
    endsAtText: noticeTimeText(incident.endsAt, now, timeZone),
    createdAt: incident.createdAt.toISOString(),
    postedBy: view.postedBy,
    resolvedAt: incident.resolvedAt?.toISOString() ?? null,
    resolutionNote: incident.resolutionNote,
    counts: view.counts,
  };
}

export function toStaffIncidentDetail(
  detail: { view: IncidentView; complaints: Awaited<ReturnType<typeof linkedComplaints>> },
  timeZone: string,
): StaffIncidentDetail {
  return {
    ...toStaffIncident(detail.view, timeZone),
    complaints: detail.complaints.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
  };
}

/** The notices a student sees on the home page. */
export function toActiveNotices(notices: StudentNotices, timeZone: string, now = new Date()): { place: StudentNotices['place']; items: ActiveNotice[] } {
  return {
    place: notices.place,
    items: notices.items.map(({ incident, affected, following, myComplaint }) => ({
      id: incident.id,
      title: incident.title,
      details: incident.details,
      hostel: incident.hostel,
      floors: incident.floors,
      category: incident.category,
      endsAt: incident.endsAt.toISOString(),
      endsAtText: noticeTimeText(incident.endsAt, now, timeZone),
      affected,
      following,
      myComplaint,
    })),
  };
}
