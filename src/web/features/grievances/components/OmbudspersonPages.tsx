import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { APPEAL_OUTCOMES, GRIEVANCE_PAGES, GRIEVANCE_TEXT_MAX, disposalSchema, questionSchema, type GrievanceView, type QuestionInput } from '../../../../shared/grievances';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { SelectField, TextAreaField } from '../../../components/ui/FormFields';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { card } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useAppeal } from '../api/appeal';
import { useAppeals } from '../api/appeals';
import { useAskQuestion } from '../api/ask-question';
import { useDisposeAppeal } from '../api/dispose-appeal';
import { useGrievanceSeats } from '../api/get-seats';
import { APPEAL_OUTCOME_WORDS } from '../lib/words';
import { SeatGate } from './ConsoleParts';
import { CaseFile, GrievanceClocks, GrievanceReason, GrievanceRow, GrievanceStatusBadge, GrievanceThread, Rulings } from './GrievanceParts';
import { RulingForm } from './RulingForm';

function AppealList() {
  const list = useAppeals();
  if (list.isPending) return <LoadingStatus label={i18n._('Loading the appeals…')} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <p className={cn(card, 'mt-4 text-slate-800')}>{i18n._('No appeal is before you.')}</p>;
  return (
    <ul className="mt-4 space-y-3" aria-label={i18n._('Appeals')}>
      {list.data.items.map((grievance) => (
        <GrievanceRow key={grievance.number} grievance={grievance} to={GRIEVANCE_PAGES.ombudsperson(grievance.number)} />
      ))}
    </ul>
  );
}

/** Route /ombudsperson: the appeals against the committee's decisions. */
export function AppealsPage() {
  return (
    <section aria-labelledby="appeals-heading" className="mx-auto max-w-3xl">
      <PageHeading id="appeals-heading" title={i18n._('Appeals · Ombudsperson · Hostel Complaint Portal')}>
        {i18n._('Appeals to the Ombudsperson')}
      </PageHeading>
      <p className="mt-2 text-slate-800">{i18n._('Each appeal is to be disposed of within 30 days.')}</p>
      <SeatGate seat="ombudsperson">
        <AppealList />
      </SeatGate>
    </section>
  );
}

interface QuestionDraft {
  to: string;
  text: string;
}

const questionResolver = draftResolver(questionSchema, (draft: QuestionDraft) => draft);

/** A question to the student or to the committee; whoever it is for is told, and answers in the thread. */
function QuestionForm({ number, onAsked }: { number: string; onAsked: (message: string) => void }) {
  const ask = useAskQuestion(number);
  const form = useForm<QuestionDraft, unknown, QuestionInput>({ defaultValues: { to: '', text: '' }, resolver: questionResolver, reValidateMode: 'onSubmit' });
  const submit = form.handleSubmit(async (payload) => {
    try {
      await ask.mutateAsync(payload);
      form.reset({ to: '', text: '' });
      onAsked(payload.to === 'student' ? i18n._('The question is sent to the student.') : i18n._('The question is sent to the committee.'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form noValidate aria-label={i18n._('Ask a question')} className="mt-3 space-y-4" onSubmit={(event) => void submit(event)}>
      <SelectField control={form.control} name="to" label={i18n._('Question for')}>
        <option value="">{i18n._('Choose who the question is for')}</option>
        <option value="student">{i18n._('The student')}</option>
        <option value="committee">{i18n._('The committee')}</option>
      </SelectField>
      <TextAreaField control={form.control} name="text" label={i18n._('Question')} rows={3} maxLength={GRIEVANCE_TEXT_MAX} />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={ask.isPending} pendingLabel={i18n._('Sending…')}>
        {i18n._('Send the question')}
      </Button>
    </form>
  );
}

function Appeal({ grievance }: { grievance: GrievanceView }) {
  const dispose = useDisposeAppeal(grievance.number);
  const [said, setSaid] = useState<string | null>(null);
  const seats = useGrievanceSeats();
  // The head of the institution reads the appeal (a missed clock reached them) and acts on none of it.
  const pending = grievance.status === 'appealed' && seats.data?.ombudsperson === true;
  return (
    <>
      <StatusMessage message={said} tone="panel" className="mt-4" data-testid="ombudsperson-result" />
      <div className={cn(card, 'mt-4 space-y-2')}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <GrievanceStatusBadge status={grievance.status} />
          <p className="min-w-0 flex-1 font-semibold text-slate-900 wrap-anywhere">{grievance.subject}</p>
        </div>
        <p className="text-sm text-slate-700">{grievance.hostel}</p>
        <GrievanceClocks grievance={grievance} />
      </div>
      <Rulings grievance={grievance} />
      <CaseFile grievance={grievance} />
      <GrievanceReason grievance={grievance} />
      <GrievanceThread thread={grievance.thread} />
      {pending && (
        <>
          <section aria-labelledby="question-form-heading" className={cn(card, 'mt-4')}>
            <h2 id="question-form-heading" className="text-base font-semibold text-slate-900">
              {i18n._('Ask a question')}
            </h2>
            <QuestionForm number={grievance.number} onAsked={setSaid} />
          </section>
          <section aria-labelledby="disposal-form-heading" className={cn(card, 'mt-4')}>
            <h2 id="disposal-form-heading" className="text-base font-semibold text-slate-900">
              {i18n._('Dispose of the appeal')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{i18n._('The student and the committee receive the order as a dated PDF and in the thread.')}</p>
            <RulingForm
              title={i18n._('Dispose of the appeal')}
              schema={disposalSchema}
              outcomes={APPEAL_OUTCOMES}
              outcomeLabel={(outcome) => APPEAL_OUTCOME_WORDS[outcome]()}
              decisionLabel={i18n._('Order on the appeal')}
              reviewNote={i18n._('Once issued, the order cannot be changed: the student and the committee receive it at once.')}
              issueLabel={i18n._('Issue the order')}
              issue={(ruling) => dispose.mutateAsync(ruling)}
              pending={dispose.isPending}
              onIssued={() => setSaid(i18n._('The appeal is disposed of. The student and the committee have the order.'))}
            />
          </section>
        </>
      )}
    </>
  );
}

function AppealLoader({ number }: { number: string }) {
  const appeal = useAppeal(number);
  if (appeal.isPending) return <LoadingStatus label={i18n._('Loading the appeal…')} />;
  if (appeal.isError) {
    if (appeal.error instanceof ApiError && appeal.error.status === 404) {
      return (
        <NotFoundCard title={i18n._('Appeal not found')} to="/ombudsperson" linkLabel={i18n._('Go to the appeals')}>
          {i18n._('There is no appeal {number} before you.', { number })}
        </NotFoundCard>
      );
    }
    return <LoadError error={appeal.error} onRetry={() => void appeal.refetch()} />;
  }
  return <Appeal grievance={appeal.data} />;
}

/** Route /ombudsperson/:number: an appeal with everything the committee saw and its decision. */
export function AppealPage() {
  const { number = '' } = useParams();
  return (
    <section aria-labelledby="appeal-page-heading" className="mx-auto max-w-3xl">
      <BackLink to="/ombudsperson">{i18n._('Back to the appeals')}</BackLink>
      <PageHeading id="appeal-page-heading" title={i18n._('Appeal {number} · Ombudsperson · Hostel Complaint Portal', { number })}>
        <WithSlots text={i18n._('Appeal {number}', { number: slot('number') })} slots={{ number: <span className="font-mono">{number}</span> }} />
      </PageHeading>
      <SeatGate seat="ombudsperson">
        <AppealLoader key={number} number={number} />
      </SeatGate>
    </section>
  );
}
