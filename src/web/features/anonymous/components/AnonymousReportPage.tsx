import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { Link } from 'react-router';
import { anonymousReportBodySchema, type AnonymousFiled, type AnonymousReportBody } from '../../../../shared/anonymous';
import {
  MESSAGE_MAX_LENGTH,
  NATIONAL_RAGGING_HELPLINE,
  PLACE_TEXT_MAX_LENGTH,
  categoryByKey,
  categoryRoute,
  localName,
  type PublicCatalog,
} from '../../../../shared/catalog';
import { PLACE_KINDS, RAGGING_CATEGORY } from '../../../../shared/constants';
import { PLACE_KIND_LABELS } from '../../../../shared/ragging';
import { CatalogGate } from '../../../components/CatalogGate';
import { FormAlert } from '../../../components/ui/FormAlert';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/FormFields';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { slot, WithSlots } from '../../../components/ui/WithSlots';
import { Button } from '../../../components/ui/Button';
import { Radio } from '../../../components/ui/Controls';
import { card, fieldError, fieldHint, fieldLabel, pageContainer, textLink } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n, useLocale } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/submission';
import { useFileAnonymousReport } from '../api/file-report';
import { KeepSecretScreen } from './KeepSecretScreen';

/** The report as the form holds it: every choice as text, none made yet. */
interface ReportDraft {
  subCategory: string;
  placeKind: string;
  placeText: string;
  hostel: string;
  message: string;
}

const EMPTY: ReportDraft = { subCategory: '', placeKind: '', placeText: '', hostel: '', message: '' };

/** What is sent: a choice not made is left out (the schema then says what is missing). */
const toPayload = (draft: ReportDraft) => ({
  ...draft,
  placeKind: draft.placeKind || undefined,
  hostel: draft.hostel || undefined,
});

/** One choice of several as radio buttons, each a 44px tall row, bound to a form field. */
function Choices({
  control,
  name,
  legend,
  options,
}: {
  control: Control<ReportDraft, unknown, AnonymousReportBody>;
  name: 'subCategory' | 'placeKind';
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { field, fieldState } = useController({ control, name });
  const errorId = `anonymous-${name}-error`;
  return (
    <fieldset aria-describedby={fieldState.error ? errorId : undefined}>
      <legend className={fieldLabel}>{legend}</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {options.map((option, index) => (
          <label key={option.value} className="flex min-h-11 items-center gap-3 rounded-lg px-1 text-slate-900 hover:bg-slate-50">
            <Radio
              ref={index === 0 ? field.ref : undefined}
              name={name}
              value={option.value}
              checked={field.value === option.value}
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
              aria-invalid={Boolean(fieldState.error)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {fieldState.error?.message && (
        <p id={errorId} className={fieldError}>
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}

/** What "without my name" promises, and what it costs: said before anything is typed. */
function WhatItMeans({ helpline }: { helpline: string }) {
  return (
    <section aria-labelledby="anonymous-means" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-900" data-testid="anonymous-means">
      <h2 id="anonymous-means" className="font-semibold">
        {i18n._('What “without my name” means')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          {i18n._(
            "Your account is not attached, even if you are signed in on this phone. Nobody — the anti-ragging committee, the duty officer, the portal's administrators — can find out from the portal who sent it.",
          )}
        </li>
        <li>
          {i18n._(
            "You get a tracking code and a secret, once. With them you read the committee's answers and reply. There is no other way to reach you: no e-mail, no notification.",
          )}
        </li>
        <li>{i18n._('A lost secret cannot be recovered: nobody has it, the portal keeps only a scrambled form of it.')}</li>
        <li>{i18n._('What you write can still point to you (names, your room, details only you know). Leave out what you do not want known.')}</li>
      </ul>
      <p className="mt-2">
        <WithSlots
          text={i18n._('You can also call the national anti-ragging helpline, free, at any hour: {helpline}.', { helpline: slot('helpline') })}
          slots={{ helpline: <strong className="whitespace-nowrap">{helpline}</strong> }}
        />
      </p>
    </section>
  );
}

function ReportForm({ catalog, onFiled }: { catalog: PublicCatalog; onFiled: (filed: AnonymousFiled) => void }) {
  const file = useFileAnonymousReport();
  const idempotency = useIdempotencyKey();
  const resolver = useMemo(() => draftResolver(anonymousReportBodySchema, toPayload), []);
  const form = useForm<ReportDraft, unknown, AnonymousReportBody>({ defaultValues: EMPTY, resolver, reValidateMode: 'onChange' });
  const ragging = categoryByKey(catalog, RAGGING_CATEGORY);
  const locale = useLocale();

  const submit = form.handleSubmit(async (payload) => {
    try {
      const filed = await file.mutateAsync({ body: payload, idempotencyKey: idempotency.keyFor(payload) });
      idempotency.reset();
      onFiled(filed);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  if (!ragging) {
    return (
      <p className={cn(card, 'mt-6')}>
        {i18n._('Ragging reports are not taken in the portal right now. Call the anti-ragging helpline: {helpline}.', {
          helpline: catalog.university.raggingContacts?.raggingHelpline ?? NATIONAL_RAGGING_HELPLINE,
        })}
      </p>
    );
  }
  return (
    <form
      noValidate
      aria-label={i18n._('Report ragging without your name')}
      className={cn(card, 'mt-6 space-y-5')}
      data-testid="anonymous-form"
      onSubmit={(event) => void submit(event)}
    >
      <Choices
        control={form.control}
        name="subCategory"
        legend={i18n._('Kind of ragging')}
        options={ragging.subCategories.map((s) => ({ value: s.name, label: localName(locale, s, 'name') }))}
      />
      <Choices
        control={form.control}
        name="placeKind"
        legend={i18n._('Where it happened')}
        options={PLACE_KINDS.map((kind) => ({ value: kind, label: i18n._(PLACE_KIND_LABELS[kind]) }))}
      />
      <TextField
        control={form.control}
        name="placeText"
        label={i18n._('Describe the place')}
        hint={i18n._('For example “Block-2, common room” or “the path behind the library”.')}
        maxLength={PLACE_TEXT_MAX_LENGTH}
        autoComplete="off"
      />
      <SelectField
        control={form.control}
        name="hostel"
        label={i18n._('Hostel (optional)')}
        hint={i18n._('The hostel it concerns, if you want to say. Your room is never asked.')}
      >
        <option value="">{i18n._('Leave it out')}</option>
        {catalog.hostels.map((h) => (
          <option key={h.name} value={h.name}>
            {localName(locale, h, 'name')}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        control={form.control}
        name="message"
        label={i18n._('What happened')}
        rows={6}
        maxLength={MESSAGE_MAX_LENGTH}
        hint={i18n._('When, what was done or said, how often. No names of yours are needed.')}
      />
      <p className={fieldHint}>{i18n._('Photos cannot be sent without an account: describe what they would show.')}</p>
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={file.isPending} pendingLabel={i18n._('Sending…')}>
        {i18n._('Send without my name')}
      </Button>
    </form>
  );
}

/**
 * Route /ragging/anonymous, reached from "Report ragging" → "Report without my name": the form,
 * signed out or not (the server never reads the session here), then the tracking code and secret
 * shown once.
 */
export function AnonymousReportPage() {
  const [filed, setFiled] = useState<AnonymousFiled | null>(null);
  return (
    <div className={cn(pageContainer, 'max-w-2xl py-6')}>
      {filed ? (
        <KeepSecretScreen filed={filed} />
      ) : (
        <section aria-labelledby="anonymous-heading">
          <BackLink to={`/complaints/${categoryRoute(RAGGING_CATEGORY)}`}>{i18n._('Back to Report ragging')}</BackLink>
          <PageHeading id="anonymous-heading" title={i18n._('Report ragging without your name')}>
            {i18n._('Report ragging without your name')}
          </PageHeading>
          <CatalogGate loadingLabel={i18n._('Loading the form…')}>
            {(catalog) => (
              <>
                <WhatItMeans helpline={catalog.university.raggingContacts?.raggingHelpline ?? NATIONAL_RAGGING_HELPLINE} />
                <ReportForm catalog={catalog} onFiled={setFiled} />
              </>
            )}
          </CatalogGate>
          <p className="mt-6">
            {i18n._('Already reported?')}{' '}
            <Link to="/ragging/follow" className={textLink}>
              {i18n._('Follow a report with its code')}
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
