import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { followFormSchema, type FollowForm } from '../../../../shared/anonymous';
import { Alert } from '../../../components/ui/Alert';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextField } from '../../../components/ui/FormFields';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card, pageContainer, textLink } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCatalog } from '../../../lib/catalog';
import { localName } from '../../../../shared/catalog';
import { cn } from '../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n, useLocale } from '../../../lib/i18n';
import { useCloseAnonymousReport } from '../api/close-report';
import { useAnonymousReport } from '../api/get-report';
import { useOpenAnonymousReport } from '../api/open-report';
import { ReportThread } from './ReportThread';

const typedAsIs = {
  autoComplete: 'off',
  autoCapitalize: 'characters',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

/** The tracking code and the secret, checked for what they can be before they are sent. */
function OpenForm({ code, onOpened }: { code: string; onOpened: (code: string) => void }) {
  const open = useOpenAnonymousReport();
  const form = useForm<FollowForm, unknown, { code: string; secret: string }>({
    defaultValues: { code, secret: '' },
    resolver: draftResolver(followFormSchema, (draft: FollowForm) => draft),
  });
  const submit = form.handleSubmit(async ({ code: typed, secret }) => {
    try {
      const thread = await open.mutateAsync({ code: typed, secret });
      onOpened(thread.trackingCode);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form
      noValidate
      aria-label={i18n._('Open a report')}
      className={cn(card, 'mt-6 space-y-4')}
      data-testid="follow-form"
      onSubmit={(event) => void submit(event)}
    >
      <TextField control={form.control} name="code" label={i18n._('Tracking code')} hint={i18n._('Like RG-7K4P-2QXM.')} {...typedAsIs} />
      <TextField
        control={form.control}
        name="secret"
        label={i18n._('Secret')}
        hint={i18n._('Seven groups of four letters and digits, shown once when you sent the report.')}
        {...typedAsIs}
      />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={open.isPending} pendingLabel={i18n._('Opening…')}>
        {i18n._('Open the report')}
      </Button>
    </form>
  );
}

/**
 * Route /ragging/follow: a report sent without a name, opened with its tracking code and secret
 * (the once-only screen passes the code along; the secret is always typed or pasted). While open
 * on this device (a short-lived cookie the page never sees) the thread shows and takes replies;
 * "Close it on this device" ends that at once.
 */
export function FollowReportPage() {
  const location = useLocation();
  const given = (location.state as { code?: unknown } | null)?.code;
  const [code, setCode] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const report = useAnonymousReport(code);
  const { mutation: close, forget } = useCloseAnonymousReport();
  const locale = useLocale();
  const contacts = useCatalog().data?.university.raggingContacts;
  const committee = contacts ? localName(locale, contacts, 'committeeName') : i18n._('Anti-ragging committee');

  // A report that closed by itself (its cookie ran out) asks for the code and secret again.
  const expired = report.error instanceof ApiError && report.error.status === 401;
  const opened = expired ? null : code;
  const shownNotice = expired
    ? i18n._('The report closed on this device after a while. Enter the tracking code and the secret to open it again.')
    : notice;

  const closeHere = (which: string) =>
    close.mutate(which, {
      onSuccess: () => {
        setCode(null);
        setNotice(i18n._('The report is closed on this device. Its code and secret open it again.'));
        // After the page let go of it (the next render asks for nothing), so nothing fetches it again.
        setTimeout(() => forget(which), 0);
      },
    });

  return (
    <div className={cn(pageContainer, 'max-w-2xl py-6')}>
      <PageHeading id="follow-heading" title={i18n._('Follow a report')}>
        {i18n._('Follow a report')}
      </PageHeading>
      <StatusMessage message={shownNotice} tone="neutral" className="mt-3" data-testid="follow-notice" />
      {opened === null ? (
        <>
          <p className="mt-2 text-slate-800">
            {i18n._('A report sent without your name opens with its tracking code and its secret. Nobody else can open it for you.')}
          </p>
          <OpenForm
            code={code ?? (typeof given === 'string' ? given : '')}
            onOpened={(which) => {
              setNotice(null);
              setCode(which);
            }}
          />
          <p className="mt-6">
            <Link to="/ragging/anonymous" className={textLink}>
              {i18n._('Report ragging without your name')}
            </Link>
          </p>
        </>
      ) : report.data ? (
        <>
          <ReportThread thread={report.data} committee={committee} />
          <Button className="mt-6 w-full sm:w-auto" pending={close.isPending} onClick={() => closeHere(opened)}>
            {i18n._('Close it on this device')}
          </Button>
          {close.isError && (
            <Alert className="mt-3">
              <p>{i18n._('Not closed: {reason}', { reason: errorMessage(close.error) })}</p>
            </Alert>
          )}
        </>
      ) : report.isError && !expired ? (
        <Alert className="mt-6">
          <p>{i18n._('The report could not be loaded: {reason}', { reason: errorMessage(report.error) })}</p>
        </Alert>
      ) : (
        <LoadingStatus label={i18n._('Opening the report…')} className="mt-6" />
      )}
    </div>
  );
}
