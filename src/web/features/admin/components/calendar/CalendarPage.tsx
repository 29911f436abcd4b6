import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  HOLIDAY_IMPORT_MODES,
  WEEKDAYS,
  holidayCreateSchema,
  holidayUpdateSchema,
  weeklyDaysOffSchema,
  type Holiday,
  type HolidayCreate,
  type HolidayImportMode,
  type HolidayImportResult,
  type HolidayUpdate,
  type WeeklyDaysOffBody,
} from '../../../../../shared/calendar';
import { localName } from '../../../../../shared/catalog';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { FileInput } from '../../../../components/ui/Controls';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../../components/ui/FormFields';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { card, textLink } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { weekdayWord } from '../../../../lib/cleaning-words';
import { cn } from '../../../../lib/cn';
import { formatDay } from '../../../../lib/format';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { i18n } from '../../../../lib/i18n';
import { useAddHoliday, useCalendar, useImportHolidays, useRemoveHoliday, useRenameHoliday, useSetDaysOff } from '../../api/calendar';
import { translationDraft, type TranslationDraft } from '../../lib/translations';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SectionHeader } from '../SectionHeader';
import { TranslatedTextFields } from '../TranslatedTextFields';

/*
 * Route /admin/calendar (issue 44): the weekly days off and a year's holidays that every target in
 * working hours counts on, on the university's clock; a year's list comes in and goes out as CSV.
 */

type DaysDraft = { off: Record<`d${number}`, boolean> };
const daysDraft = (off: readonly number[]): DaysDraft => ({ off: Object.fromEntries(WEEKDAYS.map((d) => [`d${d}`, off.includes(d)])) });

function DaysOffForm({ weeklyDaysOff }: { weeklyDaysOff: number[] }) {
  const save = useSetDaysOff();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<DaysDraft, unknown, WeeklyDaysOffBody>({
    defaultValues: daysDraft(weeklyDaysOff),
    resolver: draftResolver(weeklyDaysOffSchema, (d: DaysDraft) => ({ weeklyDaysOff: WEEKDAYS.filter((day) => d.off[`d${day}`]) })),
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      form.reset(daysDraft(body.weeklyDaysOff));
      setSaved(i18n._('Saved. The next deadlines count on these days.'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form
      noValidate
      aria-labelledby="days-off-heading"
      className={cn(card, 'mt-6')}
      onSubmit={(event) => {
        setSaved(null);
        void submit(event);
      }}
    >
      <h2 id="days-off-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Weekly days off')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{i18n._('Nobody works on these days: a target in working hours stands still on them.')}</p>
      <div className="mt-3 grid grid-cols-2 gap-x-4 sm:grid-cols-4">
        {WEEKDAYS.map((day) => (
          <CheckboxField key={day} control={form.control} name={`off.d${day}`} label={weekdayWord(day)} />
        ))}
      </div>
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="mt-3" pending={save.isPending} pendingLabel={i18n._('Saving…')}>
        {i18n._('Save the days off')}
      </Button>
      <StatusMessage message={saved} className="mt-3" />
    </form>
  );
}

type HolidayDraft = { day: string; name: string; translations: TranslationDraft<'name'> };

function AddHolidayForm({ year }: { year: number }) {
  const add = useAddHoliday();
  const [added, setAdded] = useState<string | null>(null);
  const empty = (): HolidayDraft => ({ day: '', name: '', translations: translationDraft(undefined, ['name']) });
  const form = useForm<HolidayDraft, unknown, HolidayCreate>({ defaultValues: empty(), resolver: draftResolver(holidayCreateSchema, (d: HolidayDraft) => d) });
  useWarnIfUnsaved(form.formState.isDirty);
  const submit = form.handleSubmit(async (body) => {
    try {
      const holiday = await add.mutateAsync(body);
      form.reset(empty());
      setAdded(i18n._('{name} on {day} added.', { name: holiday.name, day: formatDay(holiday.day) }));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form
      noValidate
      aria-label={i18n._('Add a holiday')}
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      onSubmit={(event) => {
        setAdded(null);
        void submit(event);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="day" label={i18n._('Date')} type="date" min={`${year}-01-01`} max={`${year}-12-31`} />
        <TextField control={form.control} name="name" label={i18n._('Name')} autoComplete="off" />
        <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.name`} words={(w) => w.holidayName} autoComplete="off" />
      </div>
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={add.isPending} pendingLabel={i18n._('Adding…')}>
        {i18n._('Add the holiday')}
      </Button>
      <StatusMessage message={added} />
    </form>
  );
}

type RenameDraft = { name: string; translations: TranslationDraft<'name'> };

function RenameForm({ holiday, onDone }: { holiday: Holiday; onDone: () => void }) {
  const rename = useRenameHoliday();
  const form = useForm<RenameDraft, unknown, HolidayUpdate>({
    defaultValues: { name: holiday.name, translations: translationDraft(holiday.translations, ['name']) },
    resolver: draftResolver(holidayUpdateSchema, (d: RenameDraft) => d),
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const submit = form.handleSubmit(async (body) => {
    try {
      await rename.mutateAsync({ day: holiday.day, ...body });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form noValidate aria-label={i18n._('Rename {name}', { name: holiday.name })} className="mt-2 w-full space-y-3" onSubmit={(event) => void submit(event)}>
      <TextField control={form.control} name="name" label={i18n._('Name')} autoComplete="off" />
      <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.name`} words={(w) => w.holidayName} autoComplete="off" />
      <FormAlert control={form.control} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" size="narrow" pending={rename.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save')}
        </Button>
        <Button size="narrow" onClick={onDone}>
          {i18n._('Cancel')}
        </Button>
      </div>
    </form>
  );
}

function HolidayRow({ holiday, onRemoved }: { holiday: Holiday; onRemoved: (holiday: Holiday) => void }) {
  const remove = useRemoveHoliday();
  const [renaming, setRenaming] = useState(false);
  const hindi = localName('hi', holiday, 'name');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="holiday">
      <span>
        <span className="block font-medium text-slate-900">{holiday.name}</span>
        <span className="block text-sm text-slate-600">
          <time dateTime={holiday.day}>{formatDay(holiday.day)}</time>
          {hindi !== holiday.name && <span lang="hi"> · {hindi}</span>}
        </span>
      </span>
      {!renaming && (
        <span className="flex gap-2">
          <Button size="narrow" aria-label={i18n._('Rename {name}', { name: holiday.name })} onClick={() => setRenaming(true)}>
            {i18n._('Rename')}
          </Button>
          <Button
            size="narrow"
            pending={remove.isPending}
            aria-label={i18n._('Remove {name}', { name: holiday.name })}
            onClick={() => remove.mutate(holiday.day, { onSuccess: () => onRemoved(holiday) })}
          >
            {i18n._('Remove')}
          </Button>
        </span>
      )}
      {renaming && <RenameForm holiday={holiday} onDone={() => setRenaming(false)} />}
      {remove.isError && (
        <Alert className="w-full">
          <p>{errorMessage(remove.error)}</p>
        </Alert>
      )}
    </li>
  );
}

/** The holiday just removed, with Undo: it comes back as it was (no window.confirm). */
function Removed({ holiday, onGone }: { holiday: Holiday; onGone: () => void }) {
  const add = useAddHoliday();
  return (
    <div role="status" className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3">
      <p className="text-slate-900">{i18n._('{name} ({day}) is no longer a holiday.', { name: holiday.name, day: formatDay(holiday.day) })}</p>
      <Button size="narrow" pending={add.isPending} onClick={() => add.mutate({ day: holiday.day, name: holiday.name, translations: holiday.translations }, { onSuccess: onGone })}>
        {i18n._('Undo')}
      </Button>
      {add.isError && <p className="w-full text-sm font-medium text-red-800">{errorMessage(add.error)}</p>}
    </div>
  );
}

type ImportDraft = { csv: string; mode: HolidayImportMode };

/** What an import found wrong, line by line, or what it would change. */
function ImportOutcome({ result }: { result: HolidayImportResult }) {
  const list = (title: string, items: Holiday[]) =>
    items.length > 0 && (
      <div className="mt-2">
        <p className="font-semibold text-slate-900">{title}</p>
        <ul className="list-disc pl-5 text-slate-800">
          {items.map((h) => (
            <li key={h.day}>
              {formatDay(h.day)} · {h.name}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div data-testid="import-outcome">
      {list(i18n._('Added'), result.added)}
      {list(i18n._('Renamed'), result.renamed)}
      {list(i18n._('Removed'), result.removed)}
      {result.unchanged > 0 && <p className="mt-2 text-slate-700">{i18n._('{count, plural, one {# holiday is} other {# holidays are}} already as the file has them.', { count: result.unchanged })}</p>}
    </div>
  );
}

function ImportForm({ year }: { year: number }) {
  const run = useImportHolidays();
  const [preview, setPreview] = useState<HolidayImportResult | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ message: string; lines: string[] } | null>(null);
  const form = useForm<ImportDraft>({ defaultValues: { csv: '', mode: 'merge' } });
  useWarnIfUnsaved(form.formState.isDirty);
  const send = async (draft: ImportDraft, asPreview: boolean) => {
    setProblems(null);
    setDone(null);
    try {
      const result = await run.mutateAsync({ year, csv: draft.csv, mode: draft.mode, preview: asPreview });
      if (asPreview) setPreview(result);
      else {
        setPreview(null);
        form.reset({ csv: '', mode: draft.mode });
        setDone(i18n._('Imported: {added} added, {renamed} renamed, {removed} removed.', { added: result.added.length, renamed: result.renamed.length, removed: result.removed.length }));
      }
    } catch (error) {
      setPreview(null);
      setProblems({ message: errorMessage(error), lines: error instanceof ApiError && error.fields ? Object.values(error.fields) : [] });
    }
  };
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void file.text().then((text) => form.setValue('csv', text, { shouldDirty: true }));
  };
  // Short choices (a phone's select shows one line), the chosen one said in full below.
  const modeWords: Record<HolidayImportMode, string> = {
    merge: i18n._('Merge with the year’s list'),
    replace: i18n._('Replace the year’s list'),
  };
  const modeHints: Record<HolidayImportMode, string> = {
    merge: i18n._('Merge: add the file’s days and rename the ones it names again; keep the others'),
    replace: i18n._('Replace: the year’s list becomes exactly the file’s'),
  };
  const chosenMode = useWatch({ control: form.control, name: 'mode' });
  return (
    <form noValidate aria-labelledby="import-heading" className={cn(card, 'mt-6 space-y-4')} onSubmit={(event) => void form.handleSubmit((d) => send(d, true))(event)}>
      <h2 id="import-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Import {year} from a CSV file', { year: String(year) })}
      </h2>
      <p className="text-sm text-slate-600">
        {i18n._('A header line date,name (and name_hi for the Hindi name), then one holiday a line, dates written 2026-01-26. Nothing is stored until you confirm, and nothing at all while any line is wrong.')}
      </p>
      <div>
        <label htmlFor="holiday-file" className="block text-sm font-semibold text-slate-900">
          {i18n._('Choose a file')}
        </label>
        <FileInput id="holiday-file" accept=".csv,text/csv" className="mt-1 block w-full text-sm" onChange={readFile} />
      </div>
      <TextAreaField control={form.control} name="csv" label={i18n._('Or paste the lines')} rows={6} controlClassName="font-mono text-sm" />
      <SelectField control={form.control} name="mode" label={i18n._('How the file is taken')} hint={modeHints[chosenMode]}>
        {HOLIDAY_IMPORT_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {modeWords[mode]}
          </option>
        ))}
      </SelectField>
      {problems && (
        <Alert>
          <p>{problems.message}</p>
          {problems.lines.length > 1 && (
            <ul className="mt-1 list-disc pl-5">
              {problems.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {preview ? (
        <div className="rounded-lg border border-slate-300 bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{i18n._('This is what the import would change:')}</p>
          <ImportOutcome result={preview} />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="primary" pending={run.isPending} pendingLabel={i18n._('Importing…')} onClick={() => void form.handleSubmit((d) => send(d, false))()}>
              {i18n._('Import these holidays')}
            </Button>
            <Button onClick={() => setPreview(null)}>{i18n._('Cancel')}</Button>
          </div>
        </div>
      ) : (
        <Button type="submit" pending={run.isPending} pendingLabel={i18n._('Reading the file…')}>
          {i18n._('Preview the import')}
        </Button>
      )}
      <StatusMessage message={done} />
    </form>
  );
}

export function CalendarPage() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [removed, setRemoved] = useState<Holiday | null>(null);
  const calendar = useCalendar(year);
  return (
    <section aria-labelledby="calendar-heading">
      <SectionHeader title={i18n._('Working calendar')} id="calendar-heading">
        {i18n._("The days nobody works, on the university's clock. A category or service whose target is in working hours counts only the hours of working days: its deadlines skip the weekly days off and these holidays.")}
      </SectionHeader>
      {calendar.isPending ? (
        <LoadingStatus label={i18n._('Loading the calendar…')} />
      ) : calendar.isError ? (
        <LoadError error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : (
        <>
          <DaysOffForm key={calendar.data.weeklyDaysOff.join(',')} weeklyDaysOff={calendar.data.weeklyDaysOff} />
          <section aria-labelledby="holidays-heading" className={cn(card, 'mt-6')}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="holidays-heading" className="text-lg font-semibold text-slate-900">
                {i18n._('Holidays in {year}', { year: String(year) })}
              </h2>
              <span className="flex gap-2">
                <Button size="narrow" disabled={year <= CALENDAR_YEAR_MIN} aria-label={i18n._('The year before')} onClick={() => setYear(year - 1)}>
                  {String(year - 1)}
                </Button>
                <Button size="narrow" disabled={year >= CALENDAR_YEAR_MAX} aria-label={i18n._('The year after')} onClick={() => setYear(year + 1)}>
                  {String(year + 1)}
                </Button>
              </span>
            </div>
            {removed && <Removed key={removed.day} holiday={removed} onGone={() => setRemoved(null)} />}
            {calendar.data.holidays.length === 0 ? (
              <p className="mt-2 text-slate-700">{i18n._('No holidays in this year yet.')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100">
                {calendar.data.holidays.map((h) => (
                  <HolidayRow key={h.day} holiday={h} onRemoved={setRemoved} />
                ))}
              </ul>
            )}
            <p className="mt-3">
              <a className={textLink} href={`/api/admin/calendar/holidays.csv?year=${year}`} download>
                {i18n._('Download {year} as CSV', { year: String(year) })}
              </a>
            </p>
            <AddHolidayForm key={year} year={year} />
          </section>
          <ImportForm key={year} year={year} />
        </>
      )}
    </section>
  );
}
