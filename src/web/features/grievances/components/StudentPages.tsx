import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { GRIEVANCE_PAGES, type GrievanceView } from '../../../../shared/grievances';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { buttonPrimary, card, textLink } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';
import { useGrievance } from '../api/get-grievance';
import { useMyGrievances } from '../api/get-my-grievances';
import { GrievanceClocks, GrievancePhotos, GrievanceRow, GrievanceStatusBadge, GrievanceThread, RaggingPointer, Rulings } from './GrievanceParts';
import { MessageForm } from './MessageForm';
import { RaiseGrievanceForm, type RaisedState } from './RaiseGrievanceForm';
import { AppealPanel, QuestionForStudent, WithdrawGrievancePanel, pendingQuestion } from './StudentPanels';

function GrievanceList() {
  const list = useMyGrievances();
  if (list.isPending) return <LoadingStatus label={i18n._('Loading your grievances…')} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) {
    return (
      <p className={cn(card, 'mt-6 text-slate-800')} data-testid="no-grievances">
        {i18n._('You have raised no grievance. On a complaint the hostel turned down, reopened twice or left long past its time, the complaint’s page offers to take it to the committee.')}
      </p>
    );
  }
  return (
    <ul className="mt-6 space-y-3" aria-label={i18n._('Your grievances')}>
      {list.data.items.map((grievance) => (
        <GrievanceRow key={grievance.number} grievance={grievance} to={GRIEVANCE_PAGES.student(grievance.number)} />
      ))}
    </ul>
  );
}

/** Route /grievances: the student's grievances, and raising one about a hostel matter. */
export function MyGrievancesPage() {
  return (
    <section aria-labelledby="grievances-heading" className="mx-auto max-w-3xl">
      <BackLink to="/my">{i18n._('Back to My complaints')}</BackLink>
      <PageHeading id="grievances-heading" title={i18n._('My grievances · Hostel Complaint Portal')}>
        {i18n._('My grievances')}
      </PageHeading>
      <p className="mt-2 text-slate-800">
        {i18n._('Not satisfied with how the hostel handled something? The Student Grievance Redressal Committee decides within 15 working days, and you may appeal its decision to the Ombudsperson.')}
      </p>
      <RaggingPointer className="mt-2" />
      <Link to="/grievances/new" className={cn(buttonPrimary, 'mt-4 w-full sm:w-auto')}>
        {i18n._('Raise a grievance about a hostel matter')}
      </Link>
      <SignedInGate>{() => <GrievanceList />}</SignedInGate>
    </section>
  );
}

/** Route /grievances/new: a grievance with no complaint behind it. */
export function NewGrievancePage() {
  return (
    <section aria-labelledby="new-grievance-heading" className="mx-auto max-w-3xl">
      <BackLink to="/grievances">{i18n._('Back to My grievances')}</BackLink>
      <PageHeading id="new-grievance-heading" title={i18n._('Raise a grievance · Hostel Complaint Portal')}>
        {i18n._('Raise a grievance')}
      </PageHeading>
      <p className="mt-2 text-slate-800">
        {i18n._('For a hostel matter no complaint of yours covers. If a complaint was turned down, reopened twice or is long overdue, open it from My complaints and take it to the committee from there.')}
      </p>
      <RaggingPointer className="mt-2" />
      <SignedInGate>
        {() => (
          <div className={cn(card, 'mt-4')}>
            <RaiseGrievanceForm />
          </div>
        )}
      </SignedInGate>
    </section>
  );
}

function GrievanceDetails({ grievance }: { grievance: GrievanceView }) {
  const location = useLocation();
  const raised = (location.state as Partial<RaisedState> | null)?.raised === grievance.number;
  const [said, setSaid] = useState<string | null>(raised ? i18n._('Your grievance {number} is with the committee. You will be told of every step.', { number: grievance.number }) : null);
  // Only an appeal in progress takes an answer: once disposed of, the question stays in the thread, unanswerable.
  const question = grievance.status === 'appealed' ? pendingQuestion(grievance.thread) : null;
  const open = grievance.status === 'received' || grievance.status === 'hearing_scheduled' || grievance.status === 'appealed';

  return (
    <>
      <StatusMessage message={said} tone="panel" className="mt-4" data-testid="grievance-result" />
      <div className={cn(card, 'mt-4 space-y-2')} data-testid="grievance-summary">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <GrievanceStatusBadge status={grievance.status} />
          <p className="min-w-0 flex-1 font-semibold text-slate-900 wrap-anywhere">{grievance.subject}</p>
        </div>
        <p className="text-sm text-slate-700">
          {grievance.complaintNumber ? (
            <WithSlots
              text={i18n._('{hostel} · on complaint {number}', { hostel: grievance.hostel, number: slot('number') })}
              slots={{
                number: (
                  <Link to={`/my/${encodeURIComponent(grievance.complaintNumber)}`} className={cn(textLink, 'font-mono')}>
                    {grievance.complaintNumber}
                  </Link>
                ),
              }}
            />
          ) : (
            i18n._('{hostel} · no complaint behind it', { hostel: grievance.hostel })
          )}
        </p>
        <GrievanceClocks grievance={grievance} />
      </div>
      {question && <QuestionForStudent grievance={grievance} question={question} onSent={setSaid} />}
      <Rulings grievance={grievance} />
      <AppealPanel grievance={grievance} onAppealed={setSaid} />
      <GrievanceThread thread={grievance.thread} />
      {open && !question && (
        <section aria-labelledby="write-heading" className={cn(card, 'mt-4')}>
          <h2 id="write-heading" className="text-base font-semibold text-slate-900">
            {grievance.status === 'appealed' ? i18n._('Write to the Ombudsperson') : i18n._('Write to the committee')}
          </h2>
          <MessageForm side="student" number={grievance.number} label={i18n._('Your message')} submitLabel={i18n._('Send')} onSent={setSaid} />
        </section>
      )}
      <GrievancePhotos grievance={grievance} />
      <WithdrawGrievancePanel grievance={grievance} onWithdrawn={setSaid} />
    </>
  );
}

function GrievanceLoader({ number }: { number: string }) {
  const grievance = useGrievance(number);
  if (grievance.isPending) return <LoadingStatus label={i18n._('Loading the grievance…')} />;
  if (grievance.isError) {
    if (grievance.error instanceof ApiError && grievance.error.status === 404) {
      return (
        <NotFoundCard title={i18n._('Grievance not found')} to="/grievances" linkLabel={i18n._('Go to My grievances')}>
          {i18n._('There is no grievance {number} among yours.', { number })}
        </NotFoundCard>
      );
    }
    return <LoadError error={grievance.error} onRetry={() => void grievance.refetch()} />;
  }
  return <GrievanceDetails grievance={grievance.data} />;
}

/** Route /grievances/:number: one of the student's grievances, where it stands, its clock and its thread. */
export function GrievancePage() {
  const { number = '' } = useParams();
  return (
    <section aria-labelledby="grievance-heading" className="mx-auto max-w-3xl">
      <BackLink to="/grievances">{i18n._('Back to My grievances')}</BackLink>
      <PageHeading id="grievance-heading" title={i18n._('Grievance {number} · Hostel Complaint Portal', { number })}>
        <WithSlots text={i18n._('Grievance {number}', { number: slot('number') })} slots={{ number: <span className="font-mono">{number}</span> }} />
      </PageHeading>
      <SignedInGate>{() => <GrievanceLoader key={number} number={number} />}</SignedInGate>
      <RaggingPointer className="mt-6" />
    </section>
  );
}
