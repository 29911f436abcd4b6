import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { COMMITTEE_OUTCOMES, GRIEVANCE_PAGES, decisionSchema, type GrievanceView } from '../../../../shared/grievances';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { card, chip } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { ApiError } from '../../../lib/api-client';
import { useCatalog } from '../../../lib/catalog';
import { cn } from '../../../lib/cn';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { i18n } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useCommitteeGrievance } from '../api/committee-grievance';
import { useCommitteeGrievances, type CommitteeListState } from '../api/committee-grievances';
import { useGrievanceSeats } from '../api/get-seats';
import { useIssueDecision } from '../api/issue-decision';
import { COMMITTEE_OUTCOME_WORDS } from '../lib/words';
import { SeatGate } from './ConsoleParts';
import { CaseFile, GrievanceClocks, GrievanceReason, GrievanceRow, GrievanceStatusBadge, GrievanceThread, Rulings } from './GrievanceParts';
import { HearingForm } from './HearingForm';
import { MessageForm } from './MessageForm';
import { RulingForm } from './RulingForm';
import { pendingQuestion } from './StudentPanels';

const STATES: ReadonlyArray<{ state: CommitteeListState; label: () => string }> = [
  { state: 'open', label: () => i18n._('To decide') },
  { state: 'decided', label: () => i18n._('Decided') },
  { state: 'all', label: () => i18n._('All') },
];

function CommitteeList({ state }: { state: CommitteeListState }) {
  const list = useCommitteeGrievances(state);
  if (list.isPending) return <LoadingStatus label={i18n._('Loading the grievances…')} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) {
    return <p className={cn(card, 'mt-4 text-slate-800')}>{state === 'open' ? i18n._('No grievance waits for the committee.') : i18n._('No grievances here.')}</p>;
  }
  return (
    <ul className="mt-4 space-y-3" aria-label={i18n._('Grievances')}>
      {list.data.items.map((grievance) => (
        <GrievanceRow key={grievance.number} grievance={grievance} to={GRIEVANCE_PAGES.committee(grievance.number)} />
      ))}
    </ul>
  );
}

/** Route /committee: the Student Grievance Redressal Committee's grievances, those to decide first. */
export function CommitteeListPage() {
  const [params] = useSearchParams();
  const state = (STATES.find((s) => s.state === params.get('state'))?.state ?? 'open') satisfies CommitteeListState;
  return (
    <section aria-labelledby="committee-heading" className="mx-auto max-w-3xl">
      <PageHeading id="committee-heading" title={i18n._('Grievance committee · Hostel Complaint Portal')}>
        {i18n._('Grievance committee')}
      </PageHeading>
      <p className="mt-2 text-slate-800">{i18n._('Each grievance is to be decided within 15 working days of its receipt.')}</p>
      <SeatGate seat="committee">
        <nav aria-label={i18n._('Which grievances')} className="mt-4 flex flex-wrap gap-2">
          {STATES.map((s) => (
            <Link
              key={s.state}
              to={`/committee?state=${s.state}`}
              aria-current={s.state === state ? 'page' : undefined}
              className={cn(chip, 'aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900')}
            >
              {s.label()}
            </Link>
          ))}
        </nav>
        <CommitteeList state={state} />
      </SeatGate>
    </section>
  );
}

function CommitteeGrievance({ grievance }: { grievance: GrievanceView }) {
  const catalog = useCatalog();
  const timeZone = catalog.data?.university.timeZone ?? displayTimeZone();
  const decide = useIssueDecision(grievance.number);
  const [said, setSaid] = useState<string | null>(null);
  const seats = useGrievanceSeats();
  const me = useMe();
  // A member who raised this grievance themselves reads it; the other members act on it.
  const own = Boolean(me.data && grievance.student && grievance.student.email.toLowerCase() === me.data.email.toLowerCase());
  // The student special invitee takes part, but hearings and decisions are the chair's and the members'.
  const deciding = !own && (seats.data?.committee === 'chair' || seats.data?.committee === 'member');
  const undecided = deciding && (grievance.status === 'received' || grievance.status === 'hearing_scheduled');
  // The thread takes messages while the committee or the Ombudsperson has the grievance.
  // Members write; the head of the institution reads (a missed clock reached them).
  const member = seats.data?.committee !== null && seats.data?.committee !== undefined;
  const takesMessages = member && !own && (grievance.status === 'received' || grievance.status === 'hearing_scheduled' || grievance.status === 'appealed');
  const question = grievance.status === 'appealed' ? pendingQuestion(grievance.thread, 'committee') : null;

  return (
    <>
      <StatusMessage message={said} tone="panel" className="mt-4" data-testid="committee-result" />
      <div className={cn(card, 'mt-4 space-y-2')}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <GrievanceStatusBadge status={grievance.status} />
          <p className="min-w-0 flex-1 font-semibold text-slate-900 wrap-anywhere">{grievance.subject}</p>
        </div>
        <p className="text-sm text-slate-700">{grievance.hostel}</p>
        <GrievanceClocks grievance={grievance} />
      </div>
      <CaseFile grievance={grievance} />
      <GrievanceReason grievance={grievance} />
      <Rulings grievance={grievance} />
      <GrievanceThread thread={grievance.thread} />
      {undecided && (
        <>
          <section aria-labelledby="hearing-heading" className={cn(card, 'mt-4')}>
            <h2 id="hearing-heading" className="text-base font-semibold text-slate-900">
              {i18n._('Schedule a hearing')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{i18n._('The student is told the day, the time and the place or link.')}</p>
            <HearingForm number={grievance.number} timeZone={timeZone} onScheduled={setSaid} />
          </section>
          <section aria-labelledby="decision-form-heading" className={cn(card, 'mt-4')}>
            <h2 id="decision-form-heading" className="text-base font-semibold text-slate-900">
              {i18n._('Record the decision')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{i18n._('The student receives it as a dated PDF and in the thread, and may appeal within 15 days.')}</p>
            <RulingForm
              title={i18n._('Record the decision')}
              schema={decisionSchema}
              outcomes={COMMITTEE_OUTCOMES}
              outcomeLabel={(outcome) => COMMITTEE_OUTCOME_WORDS[outcome]()}
              decisionLabel={i18n._('Decision and what is to be done')}
              reviewNote={i18n._('Once issued, the decision cannot be changed: the student receives it at once.')}
              issueLabel={i18n._('Issue the decision')}
              issue={(ruling) => decide.mutateAsync(ruling)}
              pending={decide.isPending}
              onIssued={() => setSaid(i18n._('The decision is issued. The student has it as a PDF and in the thread.'))}
            />
          </section>
        </>
      )}
      {takesMessages && (
        <section aria-labelledby="committee-message-heading" className={cn(card, 'mt-4', question && 'border-amber-300')} data-testid="committee-message">
          <h2 id="committee-message-heading" className="text-base font-semibold text-slate-900">
            {question ? i18n._('The Ombudsperson asked the committee something') : grievance.status === 'appealed' ? i18n._('Write in the appeal’s thread') : i18n._('Write to the student')}
          </h2>
          {question && <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 whitespace-pre-line text-slate-900 wrap-anywhere">{question.text}</p>}
          <MessageForm
            side="committee"
            number={grievance.number}
            label={question ? i18n._('The committee’s answer') : i18n._('Message')}
            submitLabel={question ? i18n._('Send the answer') : i18n._('Send')}
            onSent={setSaid}
          />
        </section>
      )}
    </>
  );
}

function CommitteeGrievanceLoader({ number }: { number: string }) {
  const grievance = useCommitteeGrievance(number);
  if (grievance.isPending) return <LoadingStatus label={i18n._('Loading the grievance…')} />;
  if (grievance.isError) {
    if (grievance.error instanceof ApiError && grievance.error.status === 404) {
      return (
        <NotFoundCard title={i18n._('Grievance not found')} to="/committee" linkLabel={i18n._('Go to the committee’s grievances')}>
          {i18n._('There is no grievance {number} before the committee.', { number })}
        </NotFoundCard>
      );
    }
    return <LoadError error={grievance.error} onRetry={() => void grievance.refetch()} />;
  }
  return <CommitteeGrievance grievance={grievance.data} />;
}

/** Route /committee/:number: a grievance as the committee works it. */
export function CommitteeGrievancePage() {
  const { number = '' } = useParams();
  return (
    <section aria-labelledby="committee-grievance-heading" className="mx-auto max-w-3xl">
      <BackLink to="/committee">{i18n._('Back to the committee’s grievances')}</BackLink>
      <PageHeading id="committee-grievance-heading" title={i18n._('Grievance {number} · Grievance committee · Hostel Complaint Portal', { number })}>
        <WithSlots text={i18n._('Grievance {number}', { number: slot('number') })} slots={{ number: <span className="font-mono">{number}</span> }} />
      </PageHeading>
      <SeatGate seat="committee">
        <CommitteeGrievanceLoader key={number} number={number} />
      </SeatGate>
    </section>
  );
}
