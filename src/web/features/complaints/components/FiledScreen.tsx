import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Complaint } from '../../../../shared/complaints';
import { Button } from '../../../components/ui/Button';
import { buttonPrimary, card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';

/**
 * What a student sees once a complaint is filed, and keeps seeing until they move on: its number,
 * when the team should have it done (its service level's due time), and the way to follow it. On
 * a phone it is the first thing on the page (the seed's short confirmation card still appears by
 * the button, where a phone's screen may not be).
 */
export function FiledScreen({ complaint, onAnother }: { complaint: Pick<Complaint, 'number' | 'dueAt'>; onAnother: () => void }) {
  const screen = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The whole screen in view (not just its heading), and keyboard and screen-reader focus on it.
    screen.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [complaint.number]);

  return (
    <section
      ref={screen}
      aria-labelledby="filed-heading"
      className={cn(card, 'mt-6 scroll-mt-4 border-green-300 bg-green-50 text-center')}
      data-testid="filed-screen"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mx-auto size-12 text-green-700">
        <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16m3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 0 1 1.4 1.4" />
      </svg>
      <h2 id="filed-heading" ref={heading} tabIndex={-1} className="mt-2 text-xl font-semibold text-green-950 outline-none">
        {i18n._('Complaint filed')}
      </h2>
      <p className="mt-3 text-green-950">
        <WithSlots
          text={i18n._('Your number is {number}', { number: slot('number') })}
          slots={{ number: <strong className="font-mono">{complaint.number}</strong> }}
        />
      </p>
      <p className="mt-1 text-green-950">
        <WithSlots
          text={i18n._('Expected by {when}', { when: slot('when') })}
          slots={{
            when: (
              <time dateTime={complaint.dueAt} className="font-semibold">
                {formatDateTime(complaint.dueAt)}
              </time>
            ),
          }}
        />
      </p>
      <p className="mt-1 text-sm text-green-900">{i18n._('You get an e-mail at every step, and can answer the hostel team on the complaint\'s page.')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={`/my/${encodeURIComponent(complaint.number)}`} className={cn(buttonPrimary, 'w-full sm:w-auto')}>
          {i18n._('Track it')}
        </Link>
        <Button className="w-full sm:w-auto" onClick={onAnother}>
          {i18n._('Report something else')}
        </Button>
      </div>
    </section>
  );
}
