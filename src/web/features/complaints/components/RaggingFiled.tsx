import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ENQUIRY_DAYS, FIR_DECISION_HOURS } from '../../../../shared/ragging';
import { Button } from '../../../components/ui/Button';
import { buttonPrimary } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { i18n } from '../../../lib/i18n';

/**
 * What a student sees once a ragging report is filed: its number, what the committee must do and
 * by when (the UGC regulations' clocks), and the way to follow it. The contacts stay in view under
 * it, on the same page.
 */
export function RaggingFiled({ number, onAnother }: { number: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [number]);

  return (
    <section aria-labelledby="ragging-filed-heading" className="mt-6 scroll-mt-4 rounded-xl border-2 border-purple-300 bg-white p-4 shadow-sm sm:p-6" data-testid="filed-screen">
      <h2 id="ragging-filed-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-purple-950 outline-none">
        {i18n._('Your report is with the anti-ragging committee')}
      </h2>
      <p className="mt-3 text-slate-900">
        <WithSlots
          text={i18n._('Its number is {number}', { number: slot('number') })}
          slots={{ number: <strong className="font-mono whitespace-nowrap">{number}</strong> }}
        />
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
        <li>{i18n._('Within {hours} hours the committee decides whether the police must be told (an FIR).', { hours: FIR_DECISION_HOURS })}</li>
        <li>{i18n._('Within {days} days it finishes its enquiry and tells you the outcome.', { days: ENQUIRY_DAYS })}</li>
        <li>{i18n._('It may write to you on the report\'s page; you can answer there, and you get an e-mail each time.')}</li>
      </ul>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link to={`/my/${encodeURIComponent(number)}`} className={`${buttonPrimary} w-full sm:w-auto`}>
          {i18n._('Track it')}
        </Link>
        <Button className="w-full sm:w-auto" onClick={onAnother}>
          {i18n._('Report something else')}
        </Button>
      </div>
    </section>
  );
}
