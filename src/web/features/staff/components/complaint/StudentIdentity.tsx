import { CONFIDENTIAL_STUDENT } from '../../../../../shared/staff';
import { DetailRow } from '../../../../components/ComplaintFacts';
import { Alert } from '../../../../components/ui/Alert';
import { buttonSecondary, card } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useRevealIdentity } from '../../api/actions';
import { ConfidentialBadge } from '../WorkerGate';
import { sectionHeading, type Detail } from './types';

/** Who filed the complaint, or, when it is confidential, a reveal for those who may. */
export function StudentIdentity({ complaint }: { complaint: Detail }) {
  const reveal = useRevealIdentity(complaint.number);

  if (!complaint.confidential) {
    return (
      <section aria-labelledby="student-heading" className={cn(card, 'mt-6')}>
        <h2 id="student-heading" className={sectionHeading}>
          Student
        </h2>
        <dl className="mt-2" data-testid="student-identity">
          <DetailRow label="Name">{complaint.studentName || complaint.fname || '—'}</DetailRow>
          <DetailRow label="Registration number">{complaint.id || '—'}</DetailRow>
          <DetailRow label="E-mail">{complaint.userEmail}</DetailRow>
        </dl>
      </section>
    );
  }

  return (
    <section aria-labelledby="student-heading" className={cn(card, 'mt-6')}>
      <h2 id="student-heading" className={sectionHeading}>
        Student
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-900" data-testid="student-identity">
        {CONFIDENTIAL_STUDENT} <ConfidentialBadge />
      </p>
      <p className="mt-2 text-sm text-slate-700">
        This complaint is confidential. Only the anti-ragging duty and administrators may see who filed it.
      </p>
      {/* The server says whether the reveal would be allowed: no button that can only fail. */}
      {!complaint.canRevealIdentity ? null : reveal.data ? (
        <dl className="mt-3 rounded-lg bg-purple-50 p-3" data-testid="revealed-identity">
          <DetailRow label="Name">{reveal.data.name || reveal.data.fname}</DetailRow>
          <DetailRow label="Registration number">{reveal.data.id || '—'}</DetailRow>
          <DetailRow label="E-mail">{reveal.data.userEmail}</DetailRow>
        </dl>
      ) : (
        <div className="mt-3">
          <button
            type="button"
            className={buttonSecondary}
            aria-describedby="reveal-recorded"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate()}
          >
            Reveal identity
          </button>
          <p id="reveal-recorded" className="mt-2 text-sm text-slate-700">
            Every reveal is recorded: who asked, when, and for which complaint.
          </p>
        </div>
      )}
      {reveal.isError && (
        <Alert className="mt-3">
          <p>{errorMessage(reveal.error)}</p>
        </Alert>
      )}
    </section>
  );
}
