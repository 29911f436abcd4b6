import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { formatHours, formatRating, formatShare, type Insights } from '../../../shared/insights.js';
import { addDays, dayIn } from '../../../shared/time.js';
import { users } from '../../db/schema.js';
import type { CatalogSnapshot } from '../catalog/index.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { tellByMail } from '../lifecycle/index.js';
import { escapeHtml, htmlLang, oneLine } from '../mail/index.js';
import { ENGLISH, type Reader } from '../../i18n/readers.js';
import type { RenderedMail } from '../mail/index.js';
import { loadScope } from '../access/index.js';
import { insightsFigures } from './figures.js';

/**
 * The insights digest (issue 14): every `everyDays` each warden (for their hostels) and each admin
 * (for everything) who has not opted out gets the dashboard's figures for the last `everyDays` days,
 * through the outbox, with a link to the same view. Not to be confused with the new-work digest
 * (lifecycle/digest.ts), which lists complaints to work on: this one has only numbers.
 * People are claimed with SKIP LOCKED and `last_insights_digest_at` moves in the same transaction
 * as the mail is queued, so several instances never send one twice.
 */
export async function sendInsightsDigests(
  ctx: LifecycleContext,
  catalog: () => Promise<CatalogSnapshot>,
  everyDays: number,
  batch = 20,
  now = ctx.clock.now(),
): Promise<number> {
  if (everyDays <= 0) return 0;
  const snapshot = await catalog();
  return ctx.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.insightsDigest, true),
          inArray(users.role, ['warden', 'admin']),
          isNull(users.disabledAt),
          or(
            isNull(users.lastInsightsDigestAt),
            sql`${users.lastInsightsDigestAt} + make_interval(days => ${everyDays}) <= ${now.toISOString()}::timestamptz`,
          ),
        ),
      )
      .limit(batch)
      .for('update', { skipLocked: true });
    let sent = 0;
    // The last `everyDays` days on the university's clock, today included, as the dashboard counts them.
    const to = dayIn(now, snapshot.timeZone);
    const from = addDays(to, -(everyDays - 1));
    for (const person of due) {
      const scope = await loadScope(tx, person);
      if (scope.all || scope.entries.length) {
        const figures = await insightsFigures(tx, scope, { from, to }, snapshot, now);
        const url = `${ctx.publicUrl}/insights?from=${from}&to=${to}`;
        const render = (r: Reader) =>
          insightsDigestMail(
            figures,
            scope.all ? r.i18n._('all hostels') : figures.hostels.map((h) => r.hostel(h)).join(', ') || r.i18n._('your scope'),
            url,
            r,
          );
        await tellByMail(tx, ctx, person.email, { render, purpose: 'insights_digest' });
        sent += 1;
      }
      await tx.update(users).set({ lastInsightsDigestAt: now }).where(eq(users.id, person.id));
    }
    return sent;
  });
}

/** Hours as the dashboard says them ("40 min", "3.5 h", "2.1 days"), in the reader's words. */
function hoursText({ i18n }: Reader, h: number | null): string {
  if (h === null || h < 1 || h >= 48) {
    if (h === null) return formatHours(h);
    if (h < 1) return i18n._('{minutes} min', { minutes: String(Math.round(h * 60)) });
    return i18n._('{days} days', { days: (h / 24).toFixed(1) });
  }
  return i18n._('{hours} h', { hours: h.toFixed(1) });
}

/** The lines both parts of the mail say, in order: the same figures the dashboard's summary shows. */
export function digestSummaryLines(f: Insights, r: Reader = ENGLISH): string[] {
  const { i18n } = r;
  const t = f.total;
  const n = (value: number) => String(value);
  return [
    i18n._('Filed: {filed}', { filed: n(t.filed) }),
    i18n._('Open now: {open} (overdue: {overdue})', { open: n(t.open), overdue: n(t.overdue) }),
    i18n._('Acknowledged: {count} — median {median}, 90th percentile {p90}', { count: n(t.acknowledged), median: hoursText(r, t.ackMedianHours), p90: hoursText(r, t.ackP90Hours) }),
    i18n._('Resolved: {count} — median {median}, 90th percentile {p90}', { count: n(t.resolved), median: hoursText(r, t.resolveMedianHours), p90: hoursText(r, t.resolveP90Hours) }),
    i18n._('Resolved within target: {share}', { share: formatShare(t.onTimeShare) }),
    i18n._('Reopened: {count} ({share} of resolutions)', { count: n(t.reopened), share: formatShare(t.reopenRate) }),
    i18n._('{ratings, plural, one {Satisfaction: {average} average from # rating} other {Satisfaction: {average} average from # ratings}}', {
      ratings: t.ratings,
      average: formatRating(t.ratingAverage),
    }),
  ];
}

/** The digest of the figures for the reader's scope (`where`, in their words), every few days. */
export function insightsDigestMail(f: Insights, where: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const label = new Map(f.categories.map((c) => [c.key, c.label]));
  const cat = (key: string) => label.get(key) ?? key;
  const span = { from: f.from, to: f.to, where };
  const subject = oneLine(i18n._('Insights for {where}: {from} to {to}', span));
  const summary = digestSummaryLines(f, r);
  const cells = f.openCells.map((c) =>
    i18n._('{hostel} · {category}: open {open}, overdue {overdue}', { hostel: r.hostel(c.hostel), category: cat(c.category), open: String(c.open), overdue: String(c.overdue) }),
  );
  const rooms = f.recurringRooms.map((room) => {
    const values = { place: room.area ? room.area.name : '', room: room.roomNo ?? '', hostel: r.hostel(room.hostel), count: String(room.count), category: cat(room.category) };
    return room.area
      ? i18n._('{place} {hostel}: {count} {category} complaints in 30 days', values)
      : i18n._('Room {room} {hostel}: {count} {category} complaints in 30 days', values);
  });
  const sections: Array<[string, string[]]> = [
    [i18n._('{from} to {to}, {where}', span), summary],
    [i18n._('Open now by hostel and category'), cells.length ? cells : [i18n._('Nothing open.')]],
    [i18n._('Places that keep reporting'), rooms.length ? rooms : [i18n._('None.')]],
  ];
  const open = i18n._('Open the dashboard');
  const why = i18n._('You get this every few days as a warden or administrator; turn it off on the dashboard.');
  const text =
    sections.map(([title, lines]) => `${title}\n${lines.map((l) => `  ${l}`).join('\n')}`).join('\n\n') +
    `\n\n${open}: ${url}\n\n${why}\n${i18n._('Hostel Complaint Portal')}\n`;
  const html =
    `<!doctype html><html lang="${htmlLang(r)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">` +
    sections.map(([title, lines]) => `<h2 style="font-size:16px">${escapeHtml(title)}</h2><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('') +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(open)}</a></p>` +
    `<p style="color:#475569;font-size:13px">${escapeHtml(why)}</p></body></html>`;
  return { subject, text, html };
}
