import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { categoryByKey, hostelByName, localName, localNameOr, type PublicCatalog } from '../../../../shared/catalog';
import type { ActiveNotice } from '../../../../shared/incidents';
import { Alert } from '../../../components/ui/Alert';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { textLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { useCatalog } from '../../../lib/catalog';
import { i18n, useLocale } from '../../../lib/i18n';
import { useFollowNotice } from '../api/follow-notice';
import { useNotices } from '../api/get-notices';
import { useUnfollowNotice } from '../api/unfollow-notice';
import { floorsWords } from '../../../lib/floors-words';


/** A hostel's name in the reader's language. */
function hostelName(catalog: PublicCatalog | undefined, locale: string, name: string): string {
  const hostel = catalog && hostelByName(catalog, name);
  return localNameOr(locale, name, hostel, 'name');
}

/** One notice: what is wrong, where, until when, how many it affects, and "Affects me too" (with Undo). */
function NoticeItem({ notice }: { notice: ActiveNotice }) {
  const catalog = useCatalog();
  const follow = useFollowNotice();
  const unfollow = useUnfollowNotice();
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const followRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const locale = useLocale();
  const pending = follow.isPending || unfollow.isPending;
  const found = catalog.data && categoryByKey(catalog.data, notice.category);
  const category = found ? localName(locale, found, 'cardTitle') : notice.category;
  const where = [hostelName(catalog.data, locale, notice.hostel), floorsWords(notice.floors) || i18n._('all floors')].join(', ');
  const meta = [
    i18n._('expected fix {when}', { when: notice.endsAtText }),
    ...(notice.affected > 0 ? [i18n._('{count, plural, one {# student affected} other {# students affected}}', { count: notice.affected })] : []),
  ].join(' · ');

  async function change(following: boolean) {
    setSaid(null);
    setFailure(null);
    try {
      await (following ? follow : unfollow).mutateAsync(notice.id);
      setSaid(following ? i18n._('Noted: you will be told once when it is fixed.') : i18n._('Undone: you no longer follow this notice.'));
      // The button pressed is replaced by its opposite: the focus goes there, not to the page's top.
      requestAnimationFrame(() => (following ? undoRef : followRef).current?.focus());
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <li className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="notice">
      <h3 className="font-semibold text-slate-900 wrap-anywhere">{notice.title}</h3>
      <p className="text-sm text-slate-800">
        {category} · {where}
      </p>
      <p className="mt-1 text-sm font-semibold text-slate-900" data-testid="notice-meta">
        {meta}
      </p>
      {notice.details && <p className="mt-2 whitespace-pre-line text-slate-800 wrap-anywhere">{notice.details}</p>}
      <div className="mt-3">
        {notice.myComplaint ? (
          <p className="text-sm text-slate-800">
            <WithSlots
              text={i18n._('Your complaint {number} is linked to it: it is resolved with it.', { number: slot('number') })}
              slots={{
                number: (
                  <Link to={`/my/${encodeURIComponent(notice.myComplaint)}`} className={textLink}>
                    {notice.myComplaint}
                  </Link>
                ),
              }}
            />
          </p>
        ) : notice.following ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="text-sm text-slate-800">{i18n._('You said it affects you too.')}</p>
            <Button ref={undoRef} pending={pending} onClick={() => void change(false)}>
              {i18n._('Undo')}
            </Button>
          </div>
        ) : (
          <Button ref={followRef} pending={pending} onClick={() => void change(true)}>
            {i18n._('Affects me too')}
          </Button>
        )}
      </div>
      <StatusMessage message={said} className="mt-2" />
      {failure && (
        <Alert className="mt-2">
          <p>{failure}</p>
        </Alert>
      )}
    </li>
  );
}

/**
 * Known problems where the student lives, above the categories: the team knows, so the student
 * can say it affects them too instead of filing it again (a complaint filed anyway is linked to
 * it). Nothing shows while there are none, or if they cannot be loaded (the page works without).
 */
export function Notices() {
  const notices = useNotices();
  const catalog = useCatalog().data;
  const locale = useLocale();
  if (!notices.data?.items.length) return null;
  return (
    <section aria-labelledby="notices-heading" data-testid="notices">
      <h2 id="notices-heading" className="text-xl font-semibold text-slate-900">
        {notices.data.place ? i18n._('Known problems in {hostel}', { hostel: hostelName(catalog, locale, notices.data.place.hostel) }) : i18n._('Known problems')}
      </h2>
      <p className="mt-1 text-slate-700">{i18n._('The hostel team knows and is on it. If one affects you, say so: you are told once when it is fixed.')}</p>
      <ul className="mt-3 space-y-3">
        {notices.data.items.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </ul>
    </section>
  );
}
