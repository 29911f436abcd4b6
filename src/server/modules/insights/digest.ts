import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { formatHours, formatRating, formatShare, type Insights } from '../../../shared/insights.js';
import { addDays, dayIn } from '../../../shared/cleaning-schedule.js';
import { users } from '../../db/schema.js';
import type { CatalogSnapshot } from '../catalog/store.js';
import type { LifecycleContext } from '../lifecycle/context.js';
import { tellByMail } from '../lifecycle/notices.js';
import { escapeHtml, oneLine } from '../mail/html.js';
import type { RenderedMail } from '../mail/templates.js';
import { loadScope } from '../access/scope.js';
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
  now = new Date(),
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
        const figures = await insightsFigures(tx, scope, { from, to }, snapshot);
        const url = `${ctx.publicUrl}/insights?from=${from}&to=${to}`;
        const mail = insightsDigestMail(figures, scope.all ? 'all hostels' : figures.hostels.join(', ') || 'your scope', url);
        await tellByMail(tx, ctx, person.email, { ...mail, purpose: 'insights_digest' });
        sent += 1;
      }
      await tx.update(users).set({ lastInsightsDigestAt: now }).where(eq(users.id, person.id));
    }
    return sent;
  });
}

/** The lines both parts of the mail say, in order: the same figures the dashboard's summary shows. */
export function digestSummaryLines(f: Insights): string[] {
  const t = f.total;
  return [
    `Filed: ${t.filed}`,
    `Open now: ${t.open} (overdue: ${t.overdue})`,
    `Acknowledged: ${t.acknowledged} — median ${formatHours(t.ackMedianHours)}, 90th percentile ${formatHours(t.ackP90Hours)}`,
    `Resolved: ${t.resolved} — median ${formatHours(t.resolveMedianHours)}, 90th percentile ${formatHours(t.resolveP90Hours)}`,
    `Resolved within target: ${formatShare(t.onTimeShare)}`,
    `Reopened: ${t.reopened} (${formatShare(t.reopenRate)} of resolutions)`,
    `Satisfaction: ${formatRating(t.ratingAverage)} average from ${t.ratings} rating${t.ratings === 1 ? '' : 's'}`,
  ];
}

export function insightsDigestMail(f: Insights, where: string, url: string): RenderedMail {
  const label = new Map(f.categories.map((c) => [c.key, c.label]));
  const cat = (key: string) => label.get(key) ?? key;
  const subject = oneLine(`Insights for ${where}: ${f.from} to ${f.to}`);
  const summary = digestSummaryLines(f);
  const cells = f.openCells.map((c) => `${c.hostel} · ${cat(c.category)}: open ${c.open}, overdue ${c.overdue}`);
  const rooms = f.recurringRooms.map((r) => `${r.area ? r.area.name : `Room ${r.roomNo}`} ${r.hostel}: ${r.count} ${cat(r.category)} complaints in 30 days`);
  const sections: Array<[string, string[]]> = [
    [`${f.from} to ${f.to}, ${where}`, summary],
    ['Open now by hostel and category', cells.length ? cells : ['Nothing open.']],
    ['Places that keep reporting', rooms.length ? rooms : ['None.']],
  ];
  const text =
    sections.map(([title, lines]) => `${title}\n${lines.map((l) => `  ${l}`).join('\n')}`).join('\n\n') +
    `\n\nOpen the dashboard: ${url}\n\nYou get this every few days as a warden or administrator; turn it off on the dashboard.\nHostel Complaint Portal\n`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">` +
    sections.map(([title, lines]) => `<h2 style="font-size:16px">${escapeHtml(title)}</h2><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('') +
    `<p><a href="${escapeHtml(url)}">Open the dashboard</a></p>` +
    `<p style="color:#475569;font-size:13px">You get this every few days as a warden or administrator; turn it off on the dashboard.</p></body></html>`;
  return { subject, text, html };
}
