import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ANONYMOUS_REPORT } from '../../../../../shared/anonymous';
import { REVEAL_REASON_MAX_LENGTH, REVEAL_REASON_MIN_LENGTH, revealBodySchema, type RevealBody } from '../../../../../shared/staff';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { TextAreaField } from '../../../../components/ui/FormFields';
import { card } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { draftResolver } from '../../../../lib/form';
import { useRevealIdentity } from '../../api/actions';
import { ConfidentialBadge } from '../WorkerGate';
import { Fact } from './Fact';
import { sectionHeading, type Detail } from './types';
import { i18n } from '../../../../lib/i18n';
import { standInName } from '../../lib/stand-in-names';

type Reveal = ReturnType<typeof useRevealIdentity>;

/** What the server said about the reason itself: shown at the field, not under the form. */
const reasonMessage = (error: unknown) => (error instanceof ApiError ? (error.fields?.reason ?? error.fields?.body) : undefined);

const revealResolver = draftResolver(revealBodySchema, (draft: { reason: string }) => draft);

/**
 * Revealing is never one tap: the first asks why, and only sending the reason reveals. The reason
 * is the audit entry's; the page itself is the confirmation (no browser dialog).
 */
function RevealForm({ reveal, onCancel }: { reveal: Reveal; onCancel: () => void }) {
  const form = useForm<{ reason: string }, unknown, RevealBody>({ defaultValues: { reason: '' }, resolver: revealResolver, reValidateMode: 'onChange' });
  // Focus follows the tap that opened the form.
  useEffect(() => form.setFocus('reason'), [form]);

  const submit = form.handleSubmit(async (body) => {
    if (reveal.isPending) return;
    try {
      await reveal.mutateAsync(body);
    } catch (caught) {
      const said = reasonMessage(caught);
      if (said) form.setError('reason', { type: 'request', message: said }, { shouldFocus: true });
      // Any other refusal is shown under the form from the mutation's error.
    }
  });

  return (
    <form noValidate aria-label={i18n._('Reveal who filed this')} className="mt-3 space-y-3" onSubmit={(event) => void submit(event)}>
      <TextAreaField
        control={form.control}
        name="reason"
        id="reveal-reason"
        label={i18n._('Why do you need to see who filed this?')}
        hint={i18n._('{min} to {max} characters. Kept in the audit log with your name and the time.', { min: REVEAL_REASON_MIN_LENGTH, max: REVEAL_REASON_MAX_LENGTH })}
        rows={3}
        maxLength={REVEAL_REASON_MAX_LENGTH}
        required
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" pending={reveal.isPending} pendingLabel={i18n._('Revealing…')}>
          {i18n._('Reveal the student')}
        </Button>
        <Button onClick={onCancel}>{i18n._('Cancel')}</Button>
      </div>
    </form>
  );
}

/** Who filed the complaint, or, when it is confidential, a reveal for those who may. */
export function StudentIdentity({ complaint }: { complaint: Detail }) {
  const reveal = useRevealIdentity(complaint.number);
  const [asking, setAsking] = useState(false);

  if (!complaint.confidential) {
    return (
      <section aria-labelledby="student-heading" className={cn(card, 'mt-6')}>
        <h2 id="student-heading" className={sectionHeading}>
          {i18n._('Student')}
        </h2>
        <dl className="mt-2" data-testid="student-identity">
          <Fact label={i18n._('Name')}>{standInName(complaint.studentName || complaint.fname) || '—'}</Fact>
          <Fact label={i18n._('Registration number')}>{complaint.id || '—'}</Fact>
          <Fact label={i18n._('E-mail')}>{complaint.userEmail}</Fact>
        </dl>
      </section>
    );
  }

  // Filed without a name (decision 41): the server says so in the student's place, and there is no one to reveal.
  const anonymous = complaint.studentName === ANONYMOUS_REPORT;
  return (
    <section aria-labelledby="student-heading" className={cn(card, 'mt-6')}>
      <h2 id="student-heading" className={sectionHeading}>
        {i18n._('Student')}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-900" data-testid="student-identity">
        {anonymous ? i18n._('Anonymous report') : i18n._('Confidential student')} <ConfidentialBadge />
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {anonymous
          ? i18n._('Filed without a name: nobody, administrators included, can see who sent it. The reporter reads this thread with a tracking code: answers here are the only way to reach them (no mail reaches them).')
          : i18n._('This complaint is confidential. Only the anti-ragging duty may see who filed it and the room they gave.')}
      </p>
      {/* The server says whether the reveal would be allowed: no button that can only fail. */}
      {!complaint.canRevealIdentity ? null : reveal.data ? (
        <dl className="mt-3 rounded-lg bg-purple-50 p-3" data-testid="revealed-identity">
          <Fact label={i18n._('Name')}>{reveal.data.name || reveal.data.fname}</Fact>
          <Fact label={i18n._('Registration number')}>{reveal.data.id || '—'}</Fact>
          <Fact label={i18n._('E-mail')}>{reveal.data.userEmail}</Fact>
          <Fact label={i18n._('Own room')}>{reveal.data.room || i18n._('Not given')}</Fact>
        </dl>
      ) : asking ? (
        <RevealForm
          reveal={reveal}
          onCancel={() => {
            setAsking(false);
            reveal.reset();
          }}
        />
      ) : (
        <div className="mt-3">
          <Button aria-describedby="reveal-recorded" onClick={() => setAsking(true)}>
            {i18n._('Reveal identity')}
          </Button>
          <p id="reveal-recorded" className="mt-2 text-sm text-slate-700">
            {i18n._('Every reveal is recorded: who asked, when, why, and for which complaint.')}
          </p>
        </div>
      )}
      {reveal.isError && !reasonMessage(reveal.error) && (
        <Alert className="mt-3">
          <p>{errorMessage(reveal.error)}</p>
        </Alert>
      )}
    </section>
  );
}
