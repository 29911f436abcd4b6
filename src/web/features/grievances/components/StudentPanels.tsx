import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { GRIEVANCE_REASON_MAX, appealSchema, type AppealInput, type GrievanceThreadEntry, type GrievanceView } from '../../../../shared/grievances';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextAreaField } from '../../../components/ui/FormFields';
import { card } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useAppealGrievance } from '../api/appeal-grievance';
import { useWithdrawGrievance } from '../api/withdraw-grievance';
import { dayWords } from '../lib/words';
import { MessageForm } from './MessageForm';

/**
 * The Ombudsperson's question still waiting for an answer from `to`: the last question to them with
 * no message of theirs after it (the student's messages say they are the student's).
 */
export function pendingQuestion(thread: GrievanceThreadEntry[], to: 'student' | 'committee' = 'student'): GrievanceThreadEntry | null {
  const index = thread.findLastIndex((entry) => entry.kind === 'question' && entry.to === to);
  if (index === -1) return null;
  const answered = thread.slice(index + 1).some((entry) => entry.kind === 'message' && entry.fromStudent === (to === 'student'));
  return answered ? null : (thread[index] ?? null);
}

/** A question for the student, at the top of the page, with the reply box under it. */
export function QuestionForStudent({ grievance, question, onSent }: { grievance: GrievanceView; question: GrievanceThreadEntry; onSent: (message: string) => void }) {
  return (
    <section aria-labelledby="question-heading" className={cn(card, 'mt-4 border-amber-300')} data-testid="question-for-you">
      <h2 id="question-heading" className="text-base font-semibold text-slate-900">
        {i18n._('{by} asked you something.', { by: question.by })}
      </h2>
      <blockquote className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-slate-900">
        <p className="whitespace-pre-line wrap-anywhere">{question.text}</p>
        <footer className="mt-1 text-xs text-slate-600">
          <time dateTime={question.at}>{formatDateTime(question.at)}</time>
        </footer>
      </blockquote>
      <MessageForm side="student" number={grievance.number} label={i18n._('Your answer')} submitLabel={i18n._('Send the answer')} onSent={onSent} />
    </section>
  );
}

const appealResolver = draftResolver(appealSchema, (draft: AppealInput) => draft);

/**
 * For 15 days after the committee's decision: the appeal to the Ombudsperson, with a reason. After
 * them, no button, and the page says when the days ended.
 */
export function AppealPanel({ grievance, onAppealed }: { grievance: GrievanceView; onAppealed: (message: string) => void }) {
  const appeal = useAppealGrievance(grievance.number);
  const form = useForm<AppealInput, unknown, AppealInput>({ defaultValues: { reason: '' }, resolver: appealResolver, reValidateMode: 'onSubmit' });
  const [open, setOpen] = useState(false);

  if (grievance.status !== 'decided' || !grievance.appealUntil) return null;
  const until = dayWords(grievance.appealUntil);

  if (!grievance.mayAppeal) {
    return (
      <p className={cn(card, 'mt-4 text-slate-900')} data-testid="appeal-closed">
        {i18n._('The 15 days to appeal ended on {day}. The committee’s decision is final.', { day: until })}
      </p>
    );
  }

  const submit = form.handleSubmit(async (payload) => {
    try {
      await appeal.mutateAsync(payload);
      onAppealed(i18n._('Your appeal is with the Ombudsperson, who disposes of it within 30 days.'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <section aria-labelledby="appeal-heading" className={cn(card, 'mt-4 border-brand-200')} data-testid="appeal">
      <h2 id="appeal-heading" className="text-base font-semibold text-slate-900">
        {i18n._('Not satisfied with the decision? Appeal to the Ombudsperson')}
      </h2>
      <p className="mt-1 text-slate-800">
        <time dateTime={grievance.appealUntil}>{i18n._('You can appeal until {day}. The Ombudsperson sees everything the committee saw, and disposes of the appeal within 30 days.', { day: until })}</time>
      </p>
      {open ? (
        <form noValidate aria-label={i18n._('Appeal to the Ombudsperson')} className="mt-3 space-y-3" onSubmit={(event) => void submit(event)}>
          <TextAreaField control={form.control} name="reason" label={i18n._('Why do you appeal?')} rows={4} maxLength={GRIEVANCE_REASON_MAX} />
          <FormAlert control={form.control} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" variant="primary" pending={appeal.isPending} pendingLabel={i18n._('Sending…')}>
              {i18n._('Send the appeal')}
            </Button>
            <Button onClick={() => setOpen(false)}>{i18n._('Cancel')}</Button>
          </div>
        </form>
      ) : (
        <Button variant="primary" className="mt-3 w-full sm:w-auto" onClick={() => setOpen(true)}>
          {i18n._('Appeal')}
        </Button>
      )}
    </section>
  );
}

/** Before the committee decides, the student may withdraw the grievance: confirmed in the page. */
export function WithdrawGrievancePanel({ grievance, onWithdrawn }: { grievance: GrievanceView; onWithdrawn: (message: string) => void }) {
  const withdraw = useWithdrawGrievance(grievance.number);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  if (grievance.status !== 'received' && grievance.status !== 'hearing_scheduled') return null;

  async function confirm() {
    setFailure(null);
    try {
      await withdraw.mutateAsync();
      onWithdrawn(i18n._('You withdrew the grievance. The committee has been told.'));
    } catch (caught) {
      setAsking(false);
      setFailure(errorMessage(caught));
    }
  }

  return (
    <section aria-labelledby="withdraw-grievance-heading" className={cn(card, 'mt-6')}>
      <h2 id="withdraw-grievance-heading" className="text-base font-semibold text-slate-900">
        {i18n._('Settled another way?')}
      </h2>
      <p className="mt-1 text-slate-700">{i18n._('Until the committee decides, you can withdraw the grievance.')}</p>
      {asking ? (
        <div className="mt-3 flex flex-wrap gap-3" role="group" aria-label={i18n._('Confirm withdrawing the grievance')}>
          <Button ref={confirmButton} variant="danger" pending={withdraw.isPending} pendingLabel={i18n._('Withdrawing…')} onClick={() => void confirm()}>
            {i18n._('Yes, withdraw it')}
          </Button>
          <Button onClick={() => setAsking(false)}>{i18n._('Keep it')}</Button>
        </div>
      ) : (
        <Button
          className="mt-3"
          onClick={() => {
            setAsking(true);
            requestAnimationFrame(() => confirmButton.current?.focus());
          }}
        >
          {i18n._('Withdraw the grievance')}
        </Button>
      )}
      {failure && (
        <Alert className="mt-3">
          <p>{failure}</p>
        </Alert>
      )}
    </section>
  );
}
