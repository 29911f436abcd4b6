import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cleaningMarkSchema, isDay, type CleaningDay, type CleaningDayItem, type CleaningMark } from '../../../../shared/cleaning-schedule';
import { isWorkerRole } from '../../../../shared/permissions';
import { SignedInGate } from '../../../components/SignedInGate';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Controls';
import { Field } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { card } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useLocalPlaceNames } from '../../../lib/local-names';
import { useDay } from '../api/get-day';
import { useMarkVisit } from '../api/mark-visit';
import { dayWords } from '../../../lib/cleaning-words';

type CleaningMarkChecked = z.output<typeof cleaningMarkSchema>;

interface ReasonDraft {
  reason: string;
}

/** One room on the list: who and when, what was marked, and marking it (a reason is asked in the page for "Not possible"). */
function VisitRow({ item, date }: { item: CleaningDayItem; date: string }) {
  const mark = useMarkVisit();
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const reasonId = useId();
  const roomNo = item.roomNo;
  // The shared schema asks for a reason when it was not possible; the message stays until the next try.
  const form = useForm<ReasonDraft, unknown, CleaningMarkChecked>({
    defaultValues: { reason: '' },
    resolver: draftResolver(cleaningMarkSchema, (draft: ReasonDraft) => ({ bookingId: item.bookingId, on: date, outcome: 'not_possible', reason: draft.reason })),
    reValidateMode: 'onSubmit',
  });
  const problem = form.formState.errors.reason?.message;

  const send = (body: CleaningMark) => {
    mark.mutate(body, {
      onSuccess: (result) => {
        setAsking(false);
        setStatus(
          body.outcome === 'done'
            ? result.told
              ? i18n._('Marked done: the student is told.')
              : i18n._('Marked done.')
            : result.told
              ? i18n._('Marked not possible: the student is told.')
              : i18n._('Marked not possible.'),
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.reason) form.setError('reason', { type: error.code, message: error.fields.reason });
      },
    });
  };
  const sendReason = form.handleSubmit((checked) => send({ ...checked, reason: checked.reason.trim() }));

  return (
    <li className="py-3" data-testid="cleaning-item" aria-label={i18n._('Room {roomNo}', { roomNo })}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">{i18n._('Room {roomNo}', { roomNo })}</p>
        <p className="text-sm text-slate-700">
          {item.startTime}–{item.endTime}
        </p>
      </div>
      <p className="text-sm text-slate-700 wrap-anywhere">{item.studentName}</p>
      {item.visit && (
        <p className="mt-1 text-sm wrap-anywhere">
          {item.visit.outcome === 'done' ? (
            <Badge tone="success">{i18n._('Done')}</Badge>
          ) : (
            <>
              <Badge tone="danger">{i18n._('Not possible')}</Badge> <span className="text-slate-800">{item.visit.reason}</span>
            </>
          )}
        </p>
      )}
      {asking ? (
        <form noValidate className="mt-2 space-y-2" onSubmit={(event) => void sendReason(event)}>
          <TextAreaField
            control={form.control}
            name="reason"
            id={reasonId}
            label={i18n._('Why was cleaning room {roomNo} not possible?', { roomNo })}
            rows={2}
            maxLength={300}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" pending={mark.isPending} pendingLabel={i18n._('Saving…')}>
              {i18n._('Send reason')}
            </Button>
            <Button disabled={mark.isPending} onClick={() => setAsking(false)}>
              {i18n._('Back')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="narrow"
            disabled={mark.isPending || item.visit?.outcome === 'done'}
            aria-label={i18n._('Done: room {roomNo}', { roomNo })}
            onClick={() => {
              form.clearErrors();
              send({ bookingId: item.bookingId, on: date, outcome: 'done', reason: '' });
            }}
          >
            {i18n._('Done')}
          </Button>
          <Button
            size="narrow"
            disabled={mark.isPending}
            aria-label={i18n._('Not possible: room {roomNo}', { roomNo })}
            onClick={() => {
              form.reset({ reason: item.visit?.reason ?? '' });
              setAsking(true);
            }}
          >
            {i18n._('Not possible')}
          </Button>
        </div>
      )}
      {mark.isError && !problem && (
        <Alert className="mt-2">
          <p>{errorMessage(mark.error)}</p>
        </Alert>
      )}
      <StatusMessage message={status} className="mt-2" />
    </li>
  );
}

function DayList({ day }: { day: CleaningDay }) {
  const { hostelName } = useLocalPlaceNames();
  if (day.hostels.length === 0) {
    return (
      <p className={cn(card, 'mt-4 text-slate-800')} data-testid="cleaning-empty">
        {i18n._('No rooms are booked for {day}.', { day: dayWords(day.date) })}
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-6">
      {day.hostels.map((hostel) => (
        <section key={hostel.hostel} aria-label={hostelName(hostel.hostel)} className={card}>
          <h2 className="text-lg font-semibold text-slate-900">{hostelName(hostel.hostel)}</h2>
          {hostel.floors.map((floor) => (
            <section key={floor.floor} aria-label={i18n._('{hostel}, floor {floor}', { hostel: hostelName(hostel.hostel), floor: floor.floor })} className="mt-3">
              <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{i18n._('Floor {floor}', { floor: floor.floor })}</h3>
              <ul className="divide-y divide-slate-100">
                {floor.items.map((item) => (
                  <VisitRow key={item.bookingId} item={item} date={day.date} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}

function CleaningList() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isDay(asked) ? asked : '';
  const day = useDay(date);
  const dateId = useId();
  return (
    <>
      <Field id={dateId} label={i18n._('Day')} className="mt-4 max-w-xs">
        {(aria) => (
          <TextInput
            {...aria}
            type="date"
            value={date || day.data?.date || ''}
            onChange={(event) => {
              if (isDay(event.target.value)) setParams({ date: event.target.value });
            }}
          />
        )}
      </Field>
      {day.isPending ? (
        <LoadingStatus label={i18n._('Loading the list…')} />
      ) : day.isError ? (
        day.error instanceof ApiError && day.error.status === 403 ? (
          <p className={cn(card, 'mt-4 text-slate-800')}>{day.error.message}</p>
        ) : (
          <LoadError error={day.error} onRetry={() => void day.refetch()} />
        )
      ) : (
        <>
          <p className="mt-4 text-slate-800" data-testid="cleaning-day">
            {dayWords(day.data.date)}
            {day.data.date === day.data.today ? ` ${i18n._('(today)')}` : ''}
          </p>
          <DayList day={day.data} />
        </>
      )}
    </>
  );
}

/** Route /staff/cleaning?date=YYYY-MM-DD: the weekly cleaning list of a day (today on the university's clock by default). */
export function StaffCleaningPage() {
  return (
    <section aria-labelledby="staff-cleaning-heading" className="mx-auto max-w-3xl">
      <PageHeading id="staff-cleaning-heading" title={i18n._('Cleaning list · Hostel Complaint Portal')}>
        {i18n._('Cleaning list')}
      </PageHeading>
      <SignedInGate>
        {(user) =>
          isWorkerRole(user.role) ? (
            <CleaningList />
          ) : (
            <p className={cn(card, 'mt-6 text-slate-800')}>{i18n._('The cleaning list is for housekeeping staff.')}</p>
          )
        }
      </SignedInGate>
    </section>
  );
}
