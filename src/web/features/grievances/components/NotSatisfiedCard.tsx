import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { GRIEVANCE_PAGES } from '../../../../shared/grievances';
import { Button } from '../../../components/ui/Button';
import { card, textLink } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';
import { useGrievanceEligibility } from '../api/get-eligibility';
import { RaggingPointer } from './GrievanceParts';
import { RaiseGrievanceForm } from './RaiseGrievanceForm';

const BECAUSE = {
  rejected: () => i18n._('The hostel team turned this complaint down.'),
  reopened_twice: () => i18n._('This complaint has been reopened twice.'),
  overdue: () => i18n._('This complaint is long past its expected time.'),
} as const;

/**
 * On the student's complaint page (composed in by the app's router): when the server says the
 * complaint may go to the Student Grievance Redressal Committee, "Not satisfied?" and the form; when
 * it already went, a link to the grievance; on a ragging report, where ragging goes instead. Nothing
 * otherwise (and nothing while it is asked: the complaint page is not held up by it).
 */
export function NotSatisfiedCard({ complaintNumber }: { complaintNumber: string }) {
  const eligibility = useGrievanceEligibility(complaintNumber);
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = eligibility.data;
  if (!answer) return null;

  if (!answer.eligible) {
    if (answer.because === 'already_raised' && answer.grievanceNumber) {
      return (
        <p className={cn(card, 'mt-4 text-slate-900')} data-testid="grievance-raised">
          <WithSlots
            text={i18n._('You took this complaint to the grievance committee: {link}.', { link: slot('link') })}
            slots={{
              link: (
                <Link to={GRIEVANCE_PAGES.student(answer.grievanceNumber)} className={cn(textLink, 'font-mono')}>
                  {answer.grievanceNumber}
                </Link>
              ),
            }}
          />
        </p>
      );
    }
    if (answer.because === 'ragging') return <RaggingPointer className="mt-4" />;
    return null;
  }

  return (
    <section aria-labelledby="not-satisfied-heading" className={cn(card, 'mt-4 border-brand-200')} data-testid="not-satisfied">
      <h2 id="not-satisfied-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
        {i18n._('Not satisfied? Take it to the grievance committee')}
      </h2>
      <p className="mt-1 text-slate-800">
        {BECAUSE[answer.because]()} {i18n._('The university’s Student Grievance Redressal Committee can look at it, and decides within 15 working days.')}
      </p>
      {open ? (
        <RaiseGrievanceForm
          complaintNumber={complaintNumber}
          onCancel={() => {
            setOpen(false);
            heading.current?.focus();
          }}
        />
      ) : (
        <Button variant="primary" className="mt-3 w-full sm:w-auto" onClick={() => setOpen(true)}>
          {i18n._('Write to the committee')}
        </Button>
      )}
    </section>
  );
}
