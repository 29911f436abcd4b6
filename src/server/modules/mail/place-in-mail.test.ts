import { describe, expect, it } from 'vitest';
import { aComplaintRow } from '../../../../tests/factories/complaints.js';
import { studentReplyMail } from './lifecycle-templates.js';
import { acknowledgementMail } from './templates.js';

/** Issue 40, item 6: the student's receipt named no place; mail about a place names the place it is. */
describe('the place in mail', () => {
  const area = aComplaintRow({ roomNo: '', commonAreaId: '00000000-0000-4000-8000-0000000000aa', placeText: 'Floor 3 washroom', category: 'water', complaintHead: 'Washroom Complaint' });

  it("names the room, or the common area, in the student's receipt", () => {
    const room = acknowledgementMail(aComplaintRow(), { complaintUrl: 'https://portal.example/my/HC-2026-000042' });
    expect(room.text).toContain('HC-2026-000042 (Wifi Complaint: Slow, Block-2, room 210)');
    expect(room.html).toContain('Block-2, room 210');
    const washroom = acknowledgementMail(area, { complaintUrl: 'https://portal.example/my/HC-2026-000042' });
    expect(washroom.text).toContain('Block-2, Floor 3 washroom');
    expect(washroom.text).not.toMatch(/\broom \d/);
  });

  it('says the common area, not a room, to the team', () => {
    const mail = studentReplyMail(area, 'Still leaking.', 'https://portal.example/staff/complaints/HC-2026-000042');
    expect(mail.text).toContain('Block-2, Floor 3 washroom');
    expect(mail.text).not.toMatch(/\broom\b/);
  });
});
