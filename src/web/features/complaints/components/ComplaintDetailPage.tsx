import { Link, useParams } from 'react-router';
import { STATUS_LABELS } from '../../../../shared/constants';
import type { ComplaintDetail } from '../../../../shared/complaints';
import { seedTexts } from '../../../../shared/constants';
import { SignInButton } from '../../../components/SignInButton';
import { ComplaintFacts } from '../../../components/ComplaintFacts';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card, textLink } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useComplaint } from '../api/get-complaint';
import { ResolutionForms } from './ResolutionForms';

function Details({ complaint }: { complaint: ComplaintDetail }) {
  return (
    <>
      <div className={`${card} mt-6`}>
        <dl data-testid="complaint-details">
          <ComplaintFacts complaint={complaint} />
        </dl>
      </div>

      <ResolutionForms complaint={complaint} />

      <section aria-labelledby="timeline-heading" className="mt-8">
        <h2 id="timeline-heading" className="text-xl font-semibold text-slate-900">
          Timeline
        </h2>
        {complaint.timeline.length === 0 ? (
          <p className="mt-3 text-slate-700">Nothing has happened to this complaint yet.</p>
        ) : (
          <ol className="mt-4 space-y-4 border-l-2 border-brand-200 pl-5" data-testid="timeline">
            {complaint.timeline.map((entry, index) => (
              <li
                key={`${entry.at}-${index}`}
                className={`relative ${entry.kind === 'reply' ? 'rounded-lg border border-brand-200 bg-white p-3' : ''}`}
                data-kind={entry.kind}
              >
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.72rem] size-3 rounded-full border-2 border-white bg-brand-700"
                />
                <p className="font-semibold text-slate-900">
                  {entry.kind === 'reply' ? 'Reply from the hostel team' : STATUS_LABELS[entry.status]}
                </p>
                <p className="text-sm text-slate-600">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.by ? ` · ${entry.by}` : ''}
                </p>
                {entry.note && <p className="mt-1 whitespace-pre-line text-slate-800">{entry.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function ComplaintLoader({ number }: { number: string }) {
  const complaint = useComplaint(number, { enabled: true });

  if (complaint.isPending) return <LoadingStatus label="Loading the complaint…" />;
  if (complaint.isError) {
    if (complaint.error instanceof ApiError && complaint.error.status === 404) {
      return (
        <div className={`${card} mt-6`} data-testid="complaint-not-found">
          <h2 className="text-lg font-semibold text-slate-900">Complaint not found</h2>
          <p className="mt-2 text-slate-700">
            There is no complaint {number} among yours. Check the number, or find it in your list.
          </p>
          <Link to="/my" className={`${buttonPrimary} mt-4`}>
            Go to My complaints
          </Link>
        </div>
      );
    }
    return (
      <div className="mt-6 space-y-4">
        <Alert>
          <p>{errorMessage(complaint.error)}</p>
        </Alert>
        <button type="button" className={buttonSecondary} onClick={() => void complaint.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <Details complaint={complaint.data} />;
}

/** Route /my/:number: one of the student's complaints, every field and its timeline. */
export function ComplaintDetailPage() {
  const { number = '' } = useParams();
  const me = useMe();

  return (
    <section aria-labelledby="complaint-heading" className="mx-auto max-w-3xl">
      <title>{`Complaint ${number} · Hostel Complaint Portal`}</title>
      <Link to="/my" className={`${textLink} inline-flex min-h-11 items-center gap-1`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0" />
        </svg>
        Back to My complaints
      </Link>
      <h1 id="complaint-heading" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Complaint <span className="font-mono">{number}</span>
      </h1>

      {me.isPending ? (
        <LoadingStatus label="Loading your details…" />
      ) : me.isError ? (
        <Alert className="mt-6">
          <p>{errorMessage(me.error)}</p>
        </Alert>
      ) : me.data === null ? (
        <div className={`${card} mt-6 space-y-4`}>
          <p className="text-slate-800">{seedTexts.signInFirst}</p>
          <SignInButton />
        </div>
      ) : (
        <ComplaintLoader key={number} number={number} />
      )}
    </section>
  );
}
