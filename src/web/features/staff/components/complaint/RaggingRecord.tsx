import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ENQUIRY_OUTCOMES,
  ENQUIRY_OUTCOME_LABELS,
  FIR_DECISIONS,
  FIR_DECISION_LABELS,
  PLACE_KIND_LABELS,
  enquiryCloseBodySchema,
  firDecisionBodySchema,
  type EnquiryOutcome,
  type FirDecision,
  type RaggingState,
} from '../../../../../shared/ragging';
import { Badge } from '../../../../components/ui/Badge';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { TextAreaField } from '../../../../components/ui/FormFields';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { Radio } from '../../../../components/ui/Controls';
import { fieldError, fieldLabel } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { formatDateTime } from '../../../../lib/format';
import { useEnquiryClose } from '../../api/enquiry-close';
import { useFirDecision } from '../../api/fir-decision';
import { useRaggingRecord } from '../../api/ragging-record';
import { ENQUIRY, FIR_DECISION, clockLine, type ClockName } from '../../lib/ragging-clock';
import { useNow } from '../DueBadge';
import { CLOCK_TONES } from '../queue/RaggingClocks';
import { Fact } from './Fact';
import { sectionHeading } from './types';
import { i18n } from '../../../../lib/i18n';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';

type Clock = RaggingState['fir'] | RaggingState['enquiry'];

/** A clock still to be met: where it stands now, and its exact due time. */
function Running({ what, clock, now }: { what: ClockName; clock: Clock; now: number }) {
  if (!clock.dueAt) return <>{i18n._('Not running')}</>;
  const line = clockLine(what, clock.dueAt, clock.escalationLevel, now);
  return (
    <>
      <Badge tone={CLOCK_TONES[line.kind]}>{line.text}</Badge>
      <span className="mt-1 block text-sm text-slate-700">
        <WithSlots
          text={i18n._('Due {time}', { time: slot('time') })}
          slots={{ time: <time dateTime={clock.dueAt}>{formatDateTime(clock.dueAt)}</time> }}
        />
      </span>
    </>
  );
}

/** What was recorded, by whom and when. */
function Recorded({ label, note, by, at }: { label: string; note?: string; by: { name: string } | null; at: string | null }) {
  return (
    <>
      <span className="font-semibold">{label}</span>
      {note && <span className="mt-1 block whitespace-pre-line wrap-anywhere">{note}</span>}
      <span className="mt-1 block text-sm text-slate-700">
        {by && at ? (
          <WithSlots text={i18n._('{name}, {time}', { name: by.name, time: slot('time') })} slots={{ time: <time dateTime={at}>{formatDateTime(at)}</time> }} />
        ) : by ? (
          by.name
        ) : (
          at && <time dateTime={at}>{formatDateTime(at)}</time>
        )}
      </span>
    </>
  );
}

const stopped = () => i18n._('Stopped: the report was withdrawn, merged or rejected first');

/** A decision as the form holds and checks it, whatever the request body calls the choice. */
interface Decision {
  choice: string;
  note: string;
}

const isOpen = (clock: Clock) => clock.state === 'running' || clock.state === 'overdue';

/** One decision step: what the form asks, how it checks it, and what confirming does. */
interface DecisionSpec {
  /** The start of the form's element ids. */
  name: 'fir-decision' | 'close-the-enquiry';
  /** The button that opens the form ("Record the FIR decision"). */
  openLabel: string;
  /** The form's name ("FIR decision"). */
  title: string;
  /** The question the choices answer. */
  legend: string;
  /** The note's label: what the statutory record keeps beside the choice. */
  noteLabel: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  /** The shared schema's rules for the choice and the note, whatever the body calls the choice. */
  rules: z.ZodType<Decision>;
  /** What confirming will do, for the chosen label. */
  consequence: (label: string) => string;
  confirmLabel: string;
  send: (decision: Decision) => Promise<unknown>;
  /** The confirmation once it went through. */
  done: string;
}

/**
 * One of the duty's statutory decisions: a choice and the reason, checked by the shared schema,
 * then confirmed on the page (it is recorded once and never changed), then sent.
 */
function DecisionForm({ spec, onCancel, onDone }: { spec: DecisionSpec; onCancel: () => void; onDone: () => void }) {
  const { name, title, legend, noteLabel, choices, rules, consequence, confirmLabel, send } = spec;
  const form = useForm<Decision, unknown, Decision>({
    defaultValues: { choice: '', note: '' },
    resolver: draftResolver(rules, (d: Decision) => ({ choice: d.choice || undefined, note: d.note })),
    reValidateMode: 'onChange',
  });
  const [checked, setChecked] = useState<Decision | null>(null);
  const [sending, setSending] = useState(false);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const choiceError = form.formState.errors.choice?.message;
  useEffect(() => {
    if (checked) confirmRef.current?.focus();
  }, [checked]);

  async function confirm() {
    if (!checked || sending) return;
    setSending(true);
    try {
      await send(checked);
      onDone();
    } catch (error) {
      setChecked(null);
      applyServerErrors(form, error);
    } finally {
      setSending(false);
    }
  }

  const chosen = checked ? choices.find((c) => c.value === checked.choice)?.label ?? checked.choice : '';
  return (
    <form noValidate aria-label={title} className="mt-3 space-y-4" onSubmit={(event) => void form.handleSubmit(setChecked)(event)}>
      <fieldset disabled={checked !== null} className="min-w-0 space-y-4">
        <div role="radiogroup" aria-labelledby={`${name}-legend`} aria-describedby={choiceError ? `${name}-choice-error` : undefined}>
          <p id={`${name}-legend`} className={fieldLabel}>
            {legend}
          </p>
          {choices.map((choice) => (
            <label key={choice.value} className="mt-1 flex min-h-11 items-center gap-3 text-slate-900">
              <Radio unstyled value={choice.value} className="size-5 shrink-0 accent-purple-800" {...form.register('choice')} />
              {choice.label}
            </label>
          ))}
          {choiceError && (
            <p id={`${name}-choice-error`} className={fieldError}>
              {choiceError}
            </p>
          )}
        </div>
        <TextAreaField control={form.control} name="note" label={noteLabel} hint={i18n._('Kept as the statutory record, with your name and the time.')} rows={3} />
      </fieldset>
      <FormAlert control={form.control} />
      {checked ? (
        <div className="rounded-lg border border-purple-300 bg-purple-50 p-3" data-testid="decision-confirm">
          <p ref={confirmRef} tabIndex={-1} className="font-semibold text-purple-950 outline-none">
            {consequence(chosen)}
          </p>
          <p className="mt-1 text-sm text-slate-800">{i18n._('It is recorded once and cannot be changed afterwards.')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="primary" pending={sending} pendingLabel={i18n._('Recording…')} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
            <Button disabled={sending} onClick={() => setChecked(null)}>
              {i18n._('Change it')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary">
            {i18n._('Continue')}
          </Button>
          <Button onClick={onCancel}>{i18n._('Cancel')}</Button>
        </div>
      )}
    </form>
  );
}

const firRules = z.object({ choice: firDecisionBodySchema.shape.decision, note: firDecisionBodySchema.shape.note });
const enquiryRules = z.object({ choice: enquiryCloseBodySchema.shape.outcome, note: enquiryCloseBodySchema.shape.note });
// Read at render time, so the labels follow the reader's language.
const firChoices = () => FIR_DECISIONS.map((value) => ({ value, label: i18n._(FIR_DECISION_LABELS[value]) }));
const enquiryChoices = () => ENQUIRY_OUTCOMES.map((value) => ({ value, label: i18n._(ENQUIRY_OUTCOME_LABELS[value]) }));

/**
 * A ragging report's statutory record on its page (decision 40): where it happened, the FIR
 * decision and the enquiry with their due times and who was told when one ran out; for the
 * anti-ragging duty and admins, recording each (once, confirmed on the page).
 */
export function RaggingRecord({ number }: { number: string }) {
  const record = useRaggingRecord(number);
  const fir = useFirDecision(number);
  const enquiry = useEnquiryClose(number);
  const now = useNow();
  const [saved, setSaved] = useState<string | null>(null);
  const [deciding, setDeciding] = useState(false);
  const decideButton = useRef<HTMLButtonElement>(null);
  const wasDeciding = useRef(false);
  // Closing the form (cancelled or done) gives the focus to the next step's button, when there is one.
  useEffect(() => {
    if (wasDeciding.current && !deciding) decideButton.current?.focus();
    wasDeciding.current = deciding;
  }, [deciding]);

  if (record.isPending) return <LoadingStatus label={i18n._('Loading the anti-ragging record…')} />;
  if (record.isError) return <LoadError error={record.error} onRetry={() => void record.refetch()} />;
  const state = record.data;
  const step = state.canDecide ? (isOpen(state.fir) ? 'fir' : isOpen(state.enquiry) ? 'enquiry' : null) : null;
  const steps: Record<'fir' | 'enquiry', DecisionSpec> = {
    fir: {
      name: 'fir-decision',
      openLabel: i18n._('Record the FIR decision'),
      title: i18n._('FIR decision'),
      legend: i18n._('Is a police report (FIR) needed?'),
      noteLabel: i18n._('Why'),
      choices: firChoices(),
      rules: firRules,
      consequence: (label: string) => i18n._('Record “{decision}”?', { decision: label }),
      confirmLabel: i18n._('Record the decision'),
      send: (d: Decision) => fir.mutateAsync({ decision: d.choice as FirDecision, note: d.note }),
      done: i18n._('The FIR decision is recorded. The enquiry can be closed once it is done.'),
    },
    enquiry: {
      name: 'close-the-enquiry',
      openLabel: i18n._('Close the enquiry'),
      title: i18n._('Close the enquiry'),
      legend: i18n._('How did the enquiry end?'),
      noteLabel: i18n._('What the enquiry found'),
      choices: enquiryChoices(),
      rules: enquiryRules,
      consequence: (label: string) => i18n._('Close the enquiry as “{outcome}”? An open report is resolved and the reporter is told the outcome.', { outcome: label }),
      confirmLabel: i18n._('Close the enquiry'),
      send: (d: Decision) => enquiry.mutateAsync({ outcome: d.choice as EnquiryOutcome, note: d.note }),
      done: i18n._('The enquiry is closed and its outcome recorded.'),
    },
  };
  const current: DecisionSpec | null = step ? steps[step] : null;

  return (
    <section aria-labelledby="ragging-record-heading" className="mt-6 rounded-xl border-2 border-purple-300 bg-white p-4 shadow-sm sm:p-6" data-testid="ragging-record">
      <h2 id="ragging-record-heading" className={cn(sectionHeading, 'flex flex-wrap items-center gap-2')}>
        {i18n._('Anti-ragging record')}
        {state.anonymous && <Badge tone="purple">{i18n._('Filed without a name')}</Badge>}
      </h2>
      <dl className="mt-2">
        <Fact label={i18n._('Where it happened')}>
          {state.placeKind
            ? i18n._('{kind}: {place}', { kind: i18n._(PLACE_KIND_LABELS[state.placeKind]), place: state.placeText ?? '' })
            : i18n._('Not said (filed before reports said where)')}
        </Fact>
        <Fact label={i18n._('FIR decision')}>
          {state.fir.decision ? (
            <Recorded label={i18n._(FIR_DECISION_LABELS[state.fir.decision])} note={state.fir.note} by={state.fir.decidedBy} at={state.fir.decidedAt} />
          ) : state.fir.state === 'stopped' ? (
            stopped()
          ) : (
            <Running what={FIR_DECISION} clock={state.fir} now={now} />
          )}
        </Fact>
        <Fact label={i18n._('Enquiry')}>
          {state.enquiry.outcome ? (
            <Recorded label={i18n._(ENQUIRY_OUTCOME_LABELS[state.enquiry.outcome])} by={state.enquiry.closedBy} at={state.enquiry.closedAt} />
          ) : state.enquiry.state === 'stopped' ? (
            stopped()
          ) : (
            <Running what={ENQUIRY} clock={state.enquiry} now={now} />
          )}
        </Fact>
      </dl>
      <StatusMessage tone="panel" className="mt-3" message={saved} />
      {!state.canDecide && (isOpen(state.fir) || isOpen(state.enquiry)) && (
        <p className="mt-3 text-sm text-slate-700">{i18n._('Only the anti-ragging duty and administrators record these decisions.')}</p>
      )}
      {current &&
        (deciding ? (
          <DecisionForm
            key={step}
            spec={current}
            onCancel={() => setDeciding(false)}
            onDone={() => {
              setSaved(current.done);
              setDeciding(false);
            }}
          />
        ) : (
          <Button
            ref={decideButton}
            className="mt-3"
            onClick={() => {
              setSaved(null);
              setDeciding(true);
            }}
          >
            {current.openLabel}
          </Button>
        ))}
    </section>
  );
}
