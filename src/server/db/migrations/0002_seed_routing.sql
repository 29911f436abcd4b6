-- Default recipients for the original app's seven keys (seed §3), at the university's domain.
-- Administrators change them through the routing API; the Girls hostel has its own housekeeping.
INSERT INTO "routing_rules" ("routing_key", "hostel", "to_emails") VALUES
  ('wifiComplaints', '', ARRAY['wifi.support@vitbhopal.ac.in']),
  ('electricityComplaint', '', ARRAY['electrical.maintenance@vitbhopal.ac.in']),
  ('carpenterComplaint', '', ARRAY['carpentry.maintenance@vitbhopal.ac.in']),
  ('waterComplaint', '', ARRAY['plumbing.maintenance@vitbhopal.ac.in']),
  ('messComplaint', '', ARRAY['mess.committee@vitbhopal.ac.in']),
  ('otherComplaint', '', ARRAY['hostel.office@vitbhopal.ac.in']),
  ('roomCleaners', '', ARRAY['housekeeping@vitbhopal.ac.in']),
  ('roomCleaners', 'Girls', ARRAY['girls.housekeeping@vitbhopal.ac.in'])
ON CONFLICT ("routing_key", "hostel") DO NOTHING;
