import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { GRIEVANCE_TEXT_MAX } from '../../../../shared/grievances';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { SelectField, TextAreaField } from '../../../components/ui/FormFields';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';

export interface Ruling<O extends string> {
  outcome: O;
  findings: string;
  decision: string;
}

interface Draft {
  outcome: string;
  findings: string;
  decision: string;
}

interface RulingFormProps<O extends string> {
  /** The form's name ("Record the decision"). */
  title: string;
  schema: z.ZodType<Ruling<O>, Draft>;
  outcomes: readonly O[];
  outcomeLabel: (outcome: O) => string;
  decisionLabel: string;
  /** What the review step says before issuing. */
  reviewNote: string;
  issueLabel: string;
  issue: (ruling: Ruling<O>) => Promise<unknown>;
  pending: boolean;
  onIssued: () => void;
}

/**
 * The committee's decision or the Ombudsperson's order: outcome, findings and what is to be done,
 * then a review of it all before issuing, since an issued ruling cannot be taken back. A refusal
 * from the server takes the form back to editing, with its message.
 */
export function RulingForm<O extends string>({ title, schema, outcomes, outcomeLabel, decisionLabel, reviewNote, issueLabel, issue, pending, onIssued }: RulingFormProps<O>) {
  const resolver = draftResolver(schema, (draft: Draft) => draft);
  const form = useForm<Draft, unknown, Ruling<O>>({ defaultValues: { outcome: '', findings: '', decision: '' }, resolver, reValidateMode: 'onSubmit' });
  const [review, setReview] = useState<Ruling<O> | null>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  // The review replaces the form: keyboard focus follows it.
  useEffect(() => {
    if (review) reviewHeading.current?.focus();
  }, [review]);

  const toReview = form.handleSubmit((ruling) => setReview(ruling));

  async function confirm(ruling: Ruling<O>) {
    try {
      await issue(ruling);
      onIssued();
    } catch (error) {
      setReview(null);
      applyServerErrors(form, error);
    }
  }

  if (review) {
    return (
      <div className="mt-3 space-y-3" data-testid="ruling-review">
        <h3 ref={reviewHeading} tabIndex={-1} className="font-semibold text-slate-900">
          {i18n._('Check it before you issue it')}
        </h3>
        <p className="text-slate-800">{reviewNote}</p>
        <dl className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-900">
          <dt className="text-sm font-semibold">{i18n._('Outcome')}</dt>
          <dd>{outcomeLabel(review.outcome)}</dd>
          <dt className="text-sm font-semibold">{i18n._('Findings')}</dt>
          <dd className="whitespace-pre-line wrap-anywhere">{review.findings}</dd>
          <dt className="text-sm font-semibold">{decisionLabel}</dt>
          <dd className="whitespace-pre-line wrap-anywhere">{review.decision}</dd>
        </dl>
        <div className="flex flex-col gap-3 sm:flex-row" role="group" aria-label={title}>
          <Button variant="primary" pending={pending} pendingLabel={i18n._('Issuing…')} onClick={() => void confirm(review)}>
            {issueLabel}
          </Button>
          <Button onClick={() => setReview(null)}>{i18n._('Change it')}</Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate aria-label={title} className="mt-3 space-y-4" onSubmit={(event) => void toReview(event)}>
      <SelectField control={form.control} name="outcome" label={i18n._('Outcome')}>
        <option value="">{i18n._('Choose the outcome')}</option>
        {outcomes.map((outcome) => (
          <option key={outcome} value={outcome}>
            {outcomeLabel(outcome)}
          </option>
        ))}
      </SelectField>
      <TextAreaField control={form.control} name="findings" label={i18n._('Findings')} rows={5} maxLength={GRIEVANCE_TEXT_MAX} />
      <TextAreaField control={form.control} name="decision" label={decisionLabel} rows={4} maxLength={GRIEVANCE_TEXT_MAX} />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto">
        {i18n._('Review before issuing')}
      </Button>
    </form>
  );
}
