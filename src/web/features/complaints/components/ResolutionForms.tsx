import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { ComplaintDetail } from '../../../../shared/complaints';
import { studentMay } from '../../../../shared/lifecycle';
import { confirmBodySchema, reopenBodySchema } from '../../../../shared/staff';
import { Button } from '../../../components/ui/Button';
import { Radio } from '../../../components/ui/Controls';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextAreaField } from '../../../components/ui/FormFields';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { card, fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { FORM_ERROR, draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useConfirmResolution, useReopen } from '../api/respond-to-resolution';

const RATINGS = [1, 2, 3, 4, 5] as const;

type ConfirmBody = z.output<typeof confirmBodySchema>;
type ReopenBody = z.output<typeof reopenBodySchema>;

/** The confirmation as the form holds it: no stars chosen is null, the comment as typed. */
interface ConfirmDraft {
  rating: number | null;
  comment: string;
}

/** What is sent: only what was given. */
const confirmPayload = ({ rating, comment }: ConfirmDraft) => ({
  ...(rating === null ? {} : { rating }),
  ...(comment.trim() ? { comment } : {}),
});

function StarRating({ control }: { control: Control<ConfirmDraft, unknown, ConfirmBody> }) {
  const { field, fieldState } = useController({ control, name: 'rating' });
  const value = field.value;
  const onChange = field.onChange;
  return (
    <fieldset className="min-w-0">
      <legend className={fieldLabel}>{i18n._('How well was it fixed? (optional)')}</legend>
      <p id="rating-hint" className={fieldHint}>
        {i18n._('1 star is poor, 5 stars is excellent.')}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-1">
        {RATINGS.map((n) => (
          <label
            key={n}
            className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-amber-50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-600"
          >
            <Radio
              unstyled
              ref={n === 1 ? field.ref : undefined}
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={field.onBlur}
              aria-describedby="rating-hint"
              className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
            />
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={cn('size-8', value !== null && n <= value ? 'fill-accent-400 stroke-amber-700' : 'fill-white stroke-slate-500')}
              strokeWidth={1.2}
            >
              <path d="m10 1.8 2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
            </svg>
            <span className="sr-only">{i18n._('{count, plural, one {# star} other {# stars}}', { count: n })}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
          {value === null ? i18n._('Not rated') : i18n._('{value} of 5', { value })}
        </span>
        {value !== null && (
          <Button className="ml-auto" onClick={() => onChange(null)}>
            {i18n._('Clear rating')}
          </Button>
        )}
      </div>
      {fieldState.error?.message && <p className={fieldError}>{fieldState.error.message}</p>}
    </fieldset>
  );
}

function ConfirmForm({ number, onDone }: { number: string; onDone: (message: string) => void }) {
  const confirm = useConfirmResolution(number);
  const resolver = useMemo(() => draftResolver(confirmBodySchema, confirmPayload, { invalidMessage: i18n._('Check the rating and the comment.') }), []);
  const form = useForm<ConfirmDraft, unknown, ConfirmBody>({ defaultValues: { rating: null, comment: '' }, resolver, reValidateMode: 'onChange' });

  const submit = form.handleSubmit(async (body) => {
    try {
      await confirm.mutateAsync(body);
      onDone(i18n._('Thank you. The complaint is closed.'));
    } catch (caught) {
      form.setError(FORM_ERROR, { type: 'request', message: errorMessage(caught) });
    }
  });

  return (
    <form noValidate aria-labelledby="confirm-heading" className="space-y-4" onSubmit={(event) => void submit(event)}>
      <h3 id="confirm-heading" className="text-base font-semibold text-slate-900">
        {i18n._('Confirm it is fixed')}
      </h3>
      <StarRating control={form.control} />
      <TextAreaField control={form.control} name="comment" id="confirm-comment" label={i18n._('Comment (optional)')} rows={3} maxLength={1000} />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={confirm.isPending}>
        {i18n._('Confirm it is fixed')}
      </Button>
    </form>
  );
}

/** The reopening as the form holds it. */
interface ReopenDraft {
  reason: string;
}

function ReopenForm({ number, onDone }: { number: string; onDone: (message: string) => void }) {
  const reopen = useReopen(number);
  const resolver = useMemo(() => draftResolver(reopenBodySchema, (draft: ReopenDraft) => draft), []);
  const form = useForm<ReopenDraft, unknown, ReopenBody>({ defaultValues: { reason: '' }, resolver, reValidateMode: 'onChange' });

  const submit = form.handleSubmit(async (body) => {
    try {
      await reopen.mutateAsync(body);
      onDone(i18n._('The complaint is reopened. The hostel team has been told why.'));
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.reason) {
        form.setError('reason', { type: caught.code, message: caught.fields.reason }, { shouldFocus: true });
        return;
      }
      form.setError(FORM_ERROR, { type: 'request', message: errorMessage(caught) });
    }
  });

  return (
    <form noValidate aria-labelledby="reopen-heading" className="space-y-4" onSubmit={(event) => void submit(event)}>
      <h3 id="reopen-heading" className="text-base font-semibold text-slate-900">
        {i18n._('Not fixed? Reopen it')}
      </h3>
      <TextAreaField control={form.control} name="reason" id="reopen-reason" label={i18n._('Why is it not fixed?')} rows={3} maxLength={2000} required />
      <FormAlert control={form.control} />
      <Button type="submit" pending={reopen.isPending}>
        {i18n._('Reopen')}
      </Button>
    </form>
  );
}

/** What the student said when confirming the fix: their stars and comment, kept on the page afterwards. */
export function RatingSummary({ complaint }: { complaint: ComplaintDetail }) {
  if (complaint.rating === null && !complaint.ratingComment) return null;
  return (
    <section aria-labelledby="rating-heading" className={cn(card, 'mt-6')} data-testid="your-rating">
      <h2 id="rating-heading" className="text-base font-semibold text-slate-900">
        {i18n._('Your rating')}
      </h2>
      {complaint.rating !== null && (
        <p className="mt-2 flex items-center gap-2">
          <span aria-hidden="true" className="text-2xl tracking-wider text-amber-600">
            {'★'.repeat(complaint.rating)}
            <span className="text-slate-300">{'★'.repeat(5 - complaint.rating)}</span>
          </span>
          <span className="text-slate-900">{i18n._('{value} of 5', { value: complaint.rating })}</span>
        </p>
      )}
      {complaint.ratingComment && <p className="mt-2 whitespace-pre-line wrap-anywhere text-slate-900">{complaint.ratingComment}</p>}
    </section>
  );
}

/**
 * A resolved complaint asks the student: is it fixed (confirm and rate), or not (reopen with a
 * reason)? The live region stays after the answer so the outcome is announced.
 */
export function ResolutionForms({ complaint }: { complaint: ComplaintDetail }) {
  // What the team said when they marked it resolved, shown inside the question it asks.
  const teamNote = complaint.timeline.findLast((e) => e.kind === 'status' && e.status === 'resolved' && !e.fromStudent)?.note;
  const [outcome, setOutcome] = useState<string | null>(null);
  const mayConfirm = studentMay(complaint.status, 'confirm');
  const mayReopen = studentMay(complaint.status, 'reopen');

  return (
    <>
      <StatusMessage message={outcome} tone="panel" className="mt-6" data-testid="resolution-outcome" />
      {(mayConfirm || mayReopen) && (
        <section aria-labelledby="resolution-heading" className={cn(card, 'mt-6 space-y-6')} data-testid="resolution">
          <div>
            <h2 id="resolution-heading" className="text-xl font-semibold text-slate-900">
              {i18n._('Is it fixed?')}
            </h2>
            <p className="mt-1 text-slate-700">
              {i18n._('Tell us whether it is really fixed. If you do nothing, it closes by itself after a few days.')}
            </p>
            {teamNote && (
              <blockquote className="mt-3 rounded-lg border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-slate-900" data-testid="team-note">
                <p className="text-sm font-semibold text-slate-700">{i18n._('What the hostel team did')}</p>
                <p className="mt-1 whitespace-pre-line wrap-anywhere">{teamNote}</p>
              </blockquote>
            )}
          </div>
          {mayConfirm && <ConfirmForm number={complaint.number} onDone={setOutcome} />}
          {mayReopen && (
            <div className={cn(mayConfirm && 'border-t border-slate-200 pt-6')}>
              <ReopenForm number={complaint.number} onDone={setOutcome} />
            </div>
          )}
        </section>
      )}
    </>
  );
}
