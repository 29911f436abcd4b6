import { useRef, useState } from 'react';
import type { ComplaintDetail } from '../../../../shared/complaints';
import { studentMay } from '../../../../shared/lifecycle';
import { Alert } from '../../../components/ui/Alert';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/submission';
import { useWithdrawComplaint } from '../api/withdraw-complaint';

/**
 * While nobody has acknowledged a complaint, its student may take it back: one button, then a
 * confirmation beside it. The server has the last word (a 409 says someone took it up meanwhile).
 */
export function WithdrawPanel({ complaint }: { complaint: ComplaintDetail }) {
  const withdraw = useWithdrawComplaint(complaint.number);
  const idempotency = useIdempotencyKey();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // The live region stays in place once the panel is gone, so the outcome is announced.
  const outcome = <StatusMessage message={done} tone="panel" className="mt-6" data-testid="withdraw-outcome" />;
  if (!studentMay(complaint.status, 'withdraw')) return outcome;

  async function confirm() {
    setFailure(null);
    try {
      await withdraw.mutateAsync(idempotency.keyFor({ withdraw: complaint.number }));
      setDone(i18n._('You withdrew this complaint. The hostel team has been told.'));
    } catch (caught) {
      setAsking(false);
      setFailure(errorMessage(caught));
    }
  }

  return (
    <>
      {outcome}
      <section aria-labelledby="withdraw-heading" className={cn(card, 'mt-6')} data-testid="withdraw">
        <h2 id="withdraw-heading" className="text-base font-semibold text-slate-900">
          {i18n._('Changed your mind?')}
        </h2>
        <p className="mt-1 text-slate-700">{i18n._('Work on it has not started yet, so you can still withdraw it.')}</p>
        {asking ? (
          <div className="mt-3 flex flex-wrap gap-3" role="group" aria-label={i18n._('Confirm withdrawing')}>
            <Button ref={confirmButton} variant="primary" pending={withdraw.isPending} pendingLabel={i18n._('Withdrawing…')} onClick={() => void confirm()}>
              {i18n._('Yes, withdraw it')}
            </Button>
            <Button onClick={() => setAsking(false)}>{i18n._('Keep it')}</Button>
          </div>
        ) : (
          <Button
            className="mt-3"
            onClick={() => {
              setAsking(true);
              // The confirmation replaces the button: keyboard focus follows it.
              requestAnimationFrame(() => confirmButton.current?.focus());
            }}
          >
            {i18n._('Withdraw complaint')}
          </Button>
        )}
        {failure && (
          <Alert className="mt-3">
            <p>{failure}</p>
          </Alert>
        )}
      </section>
    </>
  );
}
