import { Link } from 'react-router';
import type { User } from '../../../../../shared/auth';
import { PLACE_KIND_LABELS } from '../../../../../shared/ragging';
import { Badge, type BadgeTone } from '../../../../components/ui/Badge';
import { errorMessage } from '../../../../lib/api-client';
import { useRaggingClocks } from '../../api/ragging-clocks';
import { openClocks, type ClockLine } from '../../lib/ragging-clock';
import { useNow } from '../DueBadge';
import { i18n } from '../../../../lib/i18n';
import { useLocalNames } from '../../../../lib/local-names';
import { RAGGING_CATEGORY } from '../../../../../shared/constants';
import { can } from '../../../../../shared/permissions';

/** The words say it ("overdue 2 h"); the colour only repeats it. */
export const CLOCK_TONES: Record<ClockLine['kind'], BadgeTone> = { overdue: 'danger', soon: 'warning', later: 'neutral' };

/**
 * "Ragging clocks", pinned above the anti-ragging duty's queue (and an admin's): every ragging
 * report whose FIR decision or enquiry is still open, the soonest due first, each with where its
 * clocks stand and who was told when one ran out. Nothing when there is none.
 */
export function RaggingClocks({ user }: { user: User }) {
  const clocks = useRaggingClocks({ enabled: user.antiRagging || can(user.role, 'scope.everything') });
  const now = useNow();
  const names = useLocalNames();
  if (clocks.isError) {
    return (
      <p className="mt-3 text-sm text-slate-700" data-testid="ragging-clocks">
        {i18n._('The ragging clocks could not be loaded: {error}', { error: errorMessage(clocks.error) })}
      </p>
    );
  }
  const items = clocks.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="ragging-clocks-heading" className="mt-3 rounded-xl border-2 border-purple-300 bg-purple-50 p-3" data-testid="ragging-clocks">
      <h2 id="ragging-clocks-heading" className="flex items-center gap-2 text-base font-semibold text-purple-950">
        {i18n._('Ragging clocks')} <span className="rounded-full bg-white px-2 py-0.5 text-sm tabular-nums ring-1 ring-purple-300">{items.length}</span>
      </h2>
      <ul className="mt-2 grid gap-2 lg:grid-cols-2">
        {items.map((item) => (
          <li key={item.number}>
            <Link
              to={`/staff/complaints/${encodeURIComponent(item.number)}`}
              className="block rounded-lg bg-white p-3 ring-1 ring-purple-200 hover:bg-purple-100"
              data-testid="ragging-clock"
            >
              <span className="block font-semibold text-slate-900">
                <span className="font-mono whitespace-nowrap">{item.number}</span> · {names.subCategory(RAGGING_CATEGORY, item.subCategory)}
                {item.anonymous ? ` · ${i18n._('filed without a name')}` : ''}
              </span>
              {item.placeKind && (
                <span className="mt-0.5 block text-sm text-slate-700 wrap-anywhere">
                  {i18n._('{kind}: {place}', { kind: i18n._(PLACE_KIND_LABELS[item.placeKind]), place: item.placeText })}
                </span>
              )}
              <span className="mt-1 flex flex-wrap gap-1.5">
                {openClocks(item, now).map((clock) => (
                  <Badge key={clock.text} tone={CLOCK_TONES[clock.kind]}>
                    {clock.text}
                  </Badge>
                ))}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
