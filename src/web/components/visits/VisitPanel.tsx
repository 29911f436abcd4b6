import { useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ENTRY_SLOTS, type EntrySlot } from '../../../shared/constants';
import { ENTRY_SLOT_LABELS, VISIT_MAX_DAYS, entryConsentText, visitTimeProblem, type VisitProposalBody, type VisitState } from '../../../shared/visits';
import { dayIn as zonedDate, dayText, timeIn, wallTimeIn, zonedInstant } from '../../../shared/time';
import { valued } from '../../../shared/valued-message';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { SelectField, TextField } from '../ui/FormFields';
import { StatusMessage } from '../ui/StatusMessage';
import { slot, WithSlots } from '../ui/WithSlots';
import { card, fieldError } from '../ui/styles';
import { errorMessage } from '../../lib/api-client';
import { FORM_ERROR, draftResolver, formMessage } from '../../lib/form';
import { cn } from '../../lib/cn';
import { i18n, intlLocale } from '../../lib/i18n';

/*
 * Consent to enter and visit times (decision 47), shared by the student's complaint page and the
 * staff complaint page: each page passes its own calls (features never import each other).
 */

/** "16:00": a time of day on the university's clock. */
const clock = (at: Date, timeZone: string) => timeIn(at, timeZone);

/**
 * "today 16:00–17:00", "tomorrow 09:00–10:00", else "Fri 28 Nov, 16:00–17:00": a visit on the
 * university's clock in the reader's language (the shared `visitTimeText` is the server's English).
 */
export function visitLabel(visit: { startsAt: string; endsAt: string }, timeZone: string, now = new Date()): string {
  const startsAt = new Date(visit.startsAt);
  const times = `${clock(startsAt, timeZone)}–${clock(new Date(visit.endsAt), timeZone)}`;
  const day = zonedDate(startsAt, timeZone);
  if (day === zonedDate(now, timeZone)) return i18n._('today {times}', { times });
  const [year = 0, month = 1, date = 1] = zonedDate(now, timeZone).split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  if (day === tomorrow) return i18n._('tomorrow {times}', { times });
  // English keeps the server's "Fri 28 Nov" (en-GB); Hindi has its own order of day and month.
  const locale = i18n.locale === 'en' ? 'en-GB' : intlLocale();
  return i18n._('{date}, {times}', { date: dayText(startsAt, timeZone, locale), times });
}

/** The student's answers when filing: may staff enter when they are out, and when they are usually in. */
export function EntryFacts({
  consent,
  slots,
  Row,
}: {
  consent: boolean | null;
  slots: readonly EntrySlot[];
  /** The page's own labelled row of a definition list. */
  Row: ComponentType<{ label: string; children: ReactNode }>;
}) {
  const ordered = ENTRY_SLOTS.filter((s) => slots.includes(s));
  return (
    <>
      {consent !== null && (
        <Row label={i18n._('Enter when out')}>
          <span data-testid="entry-consent">{i18n._(entryConsentText(consent))}</span>
        </Row>
      )}
      {ordered.length > 0 && (
        <Row label={i18n._('Usually in')}>
          <span data-testid="entry-slots">{ordered.map((s) => i18n._(ENTRY_SLOT_LABELS[s])).join(', ')}</span>
        </Row>
      )}
    </>
  );
}

export interface VisitActions {
  propose: (body: VisitProposalBody) => Promise<unknown>;
  answer: (id: string, answer: 'accept' | 'decline') => Promise<unknown>;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The next VISIT_MAX_DAYS days on the university's clock, for the day picker. */
function dayOptions(timeZone: string, now: Date): Array<{ value: string; label: string }> {
  return Array.from({ length: VISIT_MAX_DAYS + 1 }, (_, i) => {
    const at = new Date(now.getTime() + i * 86_400_000);
    const value = zonedDate(at, timeZone);
    const label =
      i === 0
        ? i18n._('Today')
        : i === 1
          ? i18n._('Tomorrow')
          : dayText(at, timeZone, i18n.locale === 'en' ? 'en-GB' : intlLocale());
    return { value, label };
  });
}

/** The next whole hour on the university's clock, or 09:00 the next morning outside 09:00–20:00: a sensible first choice. */
function firstChoice(timeZone: string, now: Date): { date: string; start: string; end: string } {
  const next = new Date(now.getTime() + 3_600_000);
  const hour = wallTimeIn(next, timeZone).hour;
  if (hour >= 20 || hour < 9) {
    // Past 20:00 the next morning is tomorrow's; before 09:00 it is the morning of the next hour's day.
    const day = hour >= 20 ? new Date(now.getTime() + 86_400_000) : next;
    return { date: zonedDate(day, timeZone), start: '09:00', end: '10:00' };
  }
  return { date: zonedDate(next, timeZone), start: `${two(hour)}:00`, end: `${two(hour + 1)}:00` };
}

interface VisitDraft {
  date: string;
  start: string;
  end: string;
}

/**
 * A time as the form holds it, checked as the server will check it, at the moment it is sent (the
 * future moves). Every message is the form's own, under the buttons.
 */
function visitDraftSchema(timeZone: string) {
  return z.object({ date: z.string(), start: z.string(), end: z.string() }).superRefine((draft, context) => {
    const startsAt = zonedInstant(draft.date, draft.start, timeZone);
    const endsAt = zonedInstant(draft.date, draft.end, timeZone);
    const found = startsAt && endsAt ? visitTimeProblem(startsAt, endsAt, new Date()) : /*i18n*/ 'Give the visit as a day, a start and an end';
    if (!found) return;
    // The shared check writes the days into its English; said again from its template in the reader's language.
    const days = VISIT_MAX_DAYS;
    const message =
      found === `The visit must be within the next ${days} days` ? valued(/*i18n*/ 'The visit must be within the next {days} days', { days }) : found;
    context.addIssue({ code: 'custom', message, path: [] });
  });
}

function ProposeForm({
  state,
  actions,
  idPrefix,
  onDone,
  onCancel,
}: {
  state: VisitState;
  actions: VisitActions;
  idPrefix: string;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const now = new Date();
  const { timeZone } = state;
  const form = useForm<VisitDraft, unknown, VisitDraft>({
    defaultValues: firstChoice(timeZone, now),
    resolver: draftResolver(visitDraftSchema(timeZone), (draft: VisitDraft) => draft),
    // The message stays until the next try, as the time is checked against the clock when sent.
    reValidateMode: 'onSubmit',
  });
  const { control, formState } = form;
  const days = dayOptions(timeZone, now);
  const problem = formMessage(formState.errors);

  async function submit(draft: VisitDraft) {
    try {
      await actions.propose({ ...draft, replaces: state.proposal?.id ?? null });
      const startsAt = zonedInstant(draft.date, draft.start, timeZone);
      const endsAt = zonedInstant(draft.date, draft.end, timeZone);
      const when = startsAt && endsAt ? visitLabel({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }, timeZone) : '';
      onDone(i18n._('Proposed {when}. The other side has been told.', { when }));
    } catch (error) {
      form.setError(FORM_ERROR, { type: 'request', message: errorMessage(error) });
    }
  }

  return (
    <form noValidate className="mt-3 space-y-3" onSubmit={(event) => void form.handleSubmit(submit)(event)} data-testid="visit-propose-form">
      <SelectField control={control} name="date" id={`${idPrefix}-date`} label={i18n._('Day')}>
        {days.map((d) => (
          <option key={d.value} value={d.value}>
            {d.label}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <TextField control={control} name="start" id={`${idPrefix}-start`} label={i18n._('From')} type="time" step={900} />
        <TextField control={control} name="end" id={`${idPrefix}-end`} label={i18n._('To')} type="time" step={900} />
      </div>
      <p className="text-sm text-slate-600">{i18n._("Times are on the hostel's clock ({timeZone}).", { timeZone })}</p>
      {problem && (
        <p className={fieldError} role="alert" data-testid="visit-problem">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={formState.isSubmitting} pendingLabel={i18n._('Sending…')}>
          {i18n._('Propose this time')}
        </Button>
        {onCancel && (
          <Button className="w-full sm:w-auto" onClick={onCancel}>
            {i18n._('Cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Who proposed the open time and what it waits for, one sentence per case (`when` is the time's slot). */
function proposalSentence(theirs: boolean, side: 'student' | 'staff', when: string): string {
  if (theirs) return side === 'student' ? i18n._('The hostel team proposes {when}.', { when }) : i18n._('The student proposes {when}.', { when });
  return side === 'student'
    ? i18n._('You proposed {when}: waiting for the hostel team to answer.', { when })
    : i18n._('Your team proposed {when}: waiting for the student to answer.', { when });
}

/** The question asked before an answer is sent. */
function confirmQuestion(which: 'accept' | 'decline', side: 'student' | 'staff', when: string): string {
  if (which === 'accept') {
    return side === 'student'
      ? i18n._('Agree to the visit {when}? The hostel team is told.', { when })
      : i18n._('Agree to the visit {when}? The student is told.', { when });
  }
  return side === 'student' ? i18n._('Decline {when}? The hostel team is told.', { when }) : i18n._('Decline {when}? The student is told.', { when });
}

/**
 * The visit: the agreed time, the open proposal with its answers (asked again in the page before
 * it is sent), and a form to propose a time. `side` is who is looking; `open` whether the complaint
 * still takes a visit.
 */
export function VisitPanel({
  state,
  side,
  open,
  actions,
}: {
  state: VisitState;
  side: 'student' | 'staff';
  open: boolean;
  actions: VisitActions;
}) {
  const [proposing, setProposing] = useState(false);
  const [confirming, setConfirming] = useState<'accept' | 'decline' | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { agreed, proposal, timeZone } = state;
  const theirs = proposal !== null && proposal.byStudent !== (side === 'student');
  const idPrefix = `visit-${side}`;

  async function answer(which: 'accept' | 'decline') {
    if (!proposal || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await actions.answer(proposal.id, which);
      setDone(
        which === 'accept'
          ? i18n._('Visit agreed: {when}.', { when: visitLabel(proposal, timeZone) })
          : i18n._('Declined. Propose another time if you can.'),
      );
      setConfirming(null);
    } catch (error) {
      setFailure(errorMessage(error));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${idPrefix}-heading`} className={cn(card, 'mt-4')} data-testid="visit-panel">
      <h2 id={`${idPrefix}-heading`} className="text-lg font-semibold text-slate-900">
        {i18n._('Visit')}
      </h2>
      {agreed ? (
        <p className="mt-1 text-slate-900" data-testid="visit-agreed">
          <strong className="font-semibold">{i18n._('Visit {when}', { when: visitLabel(agreed, timeZone) })}</strong>
        </p>
      ) : (
        !proposal && <p className="mt-1 text-slate-700">{i18n._('No visit time agreed yet.')}</p>
      )}
      {proposal && (
        <div className="mt-2" data-testid="visit-proposal">
          <p className="text-slate-900">
            <WithSlots
              text={proposalSentence(theirs, side, slot('when'))}
              slots={{ when: <strong className="font-semibold">{visitLabel(proposal, timeZone)}</strong> }}
            />
          </p>
          {theirs && open && confirming === null && !proposing && (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="primary" className="w-full sm:w-auto" onClick={() => setConfirming('accept')}>
                {i18n._('Accept')}
              </Button>
              <Button className="w-full sm:w-auto" onClick={() => setProposing(true)}>
                {i18n._('Propose another time')}
              </Button>
              <Button className="w-full sm:w-auto" onClick={() => setConfirming('decline')}>
                {i18n._('Decline')}
              </Button>
            </div>
          )}
          {confirming && (
            <div role="group" aria-labelledby={`${idPrefix}-confirm`} className="mt-2 rounded-lg border border-brand-200 bg-brand-50 p-3" data-testid="visit-confirm">
              <p id={`${idPrefix}-confirm`} className="text-slate-900">
                {confirmQuestion(confirming, side, visitLabel(proposal, timeZone))}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button variant="primary" className="w-full sm:w-auto" pending={busy} onClick={() => void answer(confirming)}>
                  {confirming === 'accept' ? i18n._('Yes, agree') : i18n._('Yes, decline')}
                </Button>
                <Button className="w-full sm:w-auto" onClick={() => setConfirming(null)}>
                  {i18n._('Cancel')}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
      {open && !proposing && !theirs && (
        <Button className="mt-3 w-full sm:w-auto" onClick={() => setProposing(true)} data-testid="visit-propose-open">
          {agreed || proposal ? i18n._('Propose another time') : i18n._('Propose a visit time')}
        </Button>
      )}
      {open && proposing && (
        <ProposeForm
          state={state}
          actions={actions}
          idPrefix={idPrefix}
          onDone={(message) => {
            setProposing(false);
            setDone(message);
          }}
          onCancel={() => setProposing(false)}
        />
      )}
      <StatusMessage message={done} className="mt-2" data-testid="visit-result" />
      {failure && (
        <Alert className="mt-2">
          <p>{failure}</p>
        </Alert>
      )}
    </section>
  );
}
