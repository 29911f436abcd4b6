import { sql } from 'drizzle-orm';
import { REPEAT_DAYS, REPEAT_MIN, type PlaceFacts } from '../../../shared/place-facts.js';
import { areaLabel } from '../../../shared/places.js';
import type { Db } from '../../db/client.js';
import type { ComplaintRow } from '../../db/schema.js';

/*
 * A complaint's place as the console links it, and whether the place is repeating (decision 46),
 * for a page of complaints in one query: each distinct place × category is counted by the history
 * indexes (complaints_room_history_idx, complaints_area_history_idx), at most REPEAT_MIN rows read
 * apiece, so a queue page costs a few index probes, whatever the table's size.
 */

type Subject = Pick<ComplaintRow, 'id' | 'hostel' | 'roomNo' | 'commonAreaId' | 'category' | 'confidential'>;

interface FactsRow {
  i: number;
  hostel_code: string | null;
  area_code: string | null;
  area_name: string | null;
  area_floor: number | null;
  n: number;
}

const NO_PLACE: PlaceFacts = { place: null, repeating: false };

/** Whether a complaint has a place staff may see: a confidential report's room goes with its student. */
const hasPlace = (c: Subject) => !c.confidential && (c.commonAreaId !== null || c.roomNo !== '');

/** The place facts of each complaint, by id. */
export async function placeFacts(db: Pick<Db, 'execute'>, rows: readonly Subject[]): Promise<Map<string, PlaceFacts>> {
  const facts = new Map<string, PlaceFacts>(rows.map((r) => [r.id, NO_PLACE]));
  const keyOf = (c: Subject) => `${c.hostel}\u0000${c.commonAreaId ?? ''}\u0000${c.roomNo}\u0000${c.category}`;
  const distinct = new Map<string, Subject>();
  for (const c of rows) if (hasPlace(c) && !distinct.has(keyOf(c))) distinct.set(keyOf(c), c);
  const subjects = [...distinct.values()];
  if (!subjects.length) return facts;
  const values = sql.join(
    subjects.map((c, i) => sql`(${i}::int, ${c.hostel}::text, ${c.roomNo}::text, ${c.commonAreaId}::uuid, ${c.category}::text)`),
    sql`, `,
  );
  const since = sql`now() - make_interval(days => ${REPEAT_DAYS})`;
  // Each count stops at REPEAT_MIN; the branch taken matches one partial index's predicate exactly.
  const result = await db.execute(sql`
    select p.i, h.code as hostel_code, a.code as area_code, a.name as area_name, a.floor as area_floor,
      case when p.area is null then
        (select count(*)::int from (select 1 from complaints c
          where c.hostel = p.hostel and c.room_no = p.room and c.common_area_id is null and not c.confidential
            and c.created_at >= ${since} and c.category = p.category limit ${REPEAT_MIN}) r)
      else
        (select count(*)::int from (select 1 from complaints c
          where c.common_area_id = p.area and not c.confidential
            and c.created_at >= ${since} and c.category = p.category limit ${REPEAT_MIN}) r)
      end as n
    from (values ${values}) as p(i, hostel, room, area, category)
    left join hostels h on h.name = p.hostel
    left join common_areas a on a.id = p.area`);
  const byIndex = new Map((result as { rows: FactsRow[] }).rows.map((r) => [Number(r.i), r]));
  const byKey = new Map<string, PlaceFacts>();
  subjects.forEach((c, i) => {
    const row = byIndex.get(i);
    // A hostel renamed since the complaint was filed has no code under the old name: no page to link.
    if (!row?.hostel_code) return void byKey.set(keyOf(c), { place: null, repeating: Number(row?.n ?? 0) >= REPEAT_MIN });
    const place = c.commonAreaId
      ? row.area_code
        ? { hostelCode: row.hostel_code.toUpperCase(), ref: row.area_code.toUpperCase(), label: areaLabel({ name: row.area_name ?? row.area_code, floor: row.area_floor }) }
        : null
      : { hostelCode: row.hostel_code.toUpperCase(), ref: c.roomNo, label: `Room ${c.roomNo}` };
    byKey.set(keyOf(c), { place, repeating: Number(row.n) >= REPEAT_MIN });
  });
  for (const c of rows) if (hasPlace(c)) facts.set(c.id, byKey.get(keyOf(c)) ?? NO_PLACE);
  return facts;
}
