import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { STATUS_LABELS } from '../../../../../shared/constants';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, card, fieldControl } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { randomUuid } from '../../../../lib/uuid';
import { useKeyedTransition } from '../../api/actions';
import { useDraft } from '../../lib/drafts';
import { sectionHeading, type Detail } from './types';

type Move = Detail['allowedTransitions'][number];

/**
 * The status changes other than resolving (which the reply box does, with its words): one tap to
 * acknowledge or start work; rejecting asks for the reason the student is sent, kept as a draft on
 * this device until the change went through (see lib/drafts.ts).
 */
export function StatusActions({ complaint, onDone }: { complaint: Detail; onDone?: () => void }) {
  const transition = useKeyedTransition(complaint.number);
  const { draft, setDraft, keyFor, clear } = useDraft(complaint.number, 'status');
  const reason = draft.text;
  const moves = complaint.allowedTransitions.filter((t) => t.to !== 'resolved');
  const needsReason = moves.find((t) => t.reasonRequired);
  // A reason kept from an earlier try opens its form again.
  const [asking, setAsking] = useState(reason !== '');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonId = 'transition-note';

  async function move(to: Move, note: string) {
    if (transition.isPending) return;
    setDone(null);
    setFailure(null);
    setReasonError(undefined);
    const payload = { to: to.to, note };
    // A one-tap change has no draft: its key lives as long as this tap and the mutation's retries.
    const idempotencyKey = to.reasonRequired ? keyFor(payload) : randomUuid();
    try {
      await transition.mutateAsync({ ...payload, idempotencyKey });
      if (to.reasonRequired) {
        clear();
        setAsking(false);
      }
      setDone(`Status changed to ${STATUS_LABELS[to.to]}.`);
      headingRef.current?.focus();
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.note) {
        setReasonError(error.fields.note);
        document.getElementById(reasonId)?.focus();
        return;
      }
      setFailure(`Not changed: ${errorMessage(error)}${note ? ' Your reason is kept on this device.' : ''}`);
    }
  }

  function submitReason(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!needsReason) return;
    if (reason.trim() === '') {
      setReasonError('Give a reason');
      document.getElementById(reasonId)?.focus();
      return;
    }
    void move(needsReason, reason.trim());
  }

  const canResolve = complaint.allowedTransitions.some((t) => t.to === 'resolved');
  return (
    <section aria-labelledby="status-heading" className={cn(card, 'mt-6 lg:mt-0')} data-testid="status-actions">
      <h2 id="status-heading" ref={headingRef} tabIndex={-1} className={sectionHeading}>
        Change status
      </h2>
      {moves.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {canResolve
            ? 'Mark it resolved from the reply box, with a word to the student.'
            : `Nothing more to do: the complaint is ${STATUS_LABELS[complaint.status].toLowerCase()}.`}
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {moves.map((t) =>
            t.reasonRequired ? (
              <button
                key={t.to}
                type="button"
                className={buttonSecondary}
                aria-expanded={asking}
                aria-controls="reason-form"
                onClick={() => setAsking((open) => !open)}
              >
                {t.label}…
              </button>
            ) : (
              <button key={t.to} type="button" className={buttonSecondary} disabled={transition.isPending} onClick={() => void move(t, '')}>
                {t.label}
              </button>
            ),
          )}
        </div>
      )}
      {asking && needsReason && (
        <form id="reason-form" noValidate className="mt-4 space-y-3" aria-label={`${needsReason.label} the complaint`} onSubmit={submitReason}>
          <Field
            id={reasonId}
            label={`Why (the student is sent this with the ${needsReason.label.toLowerCase()})`}
            hint="Kept as a draft on this device until the change went through."
            error={reasonError}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={4000}
                className={fieldControl}
                value={reason}
                onChange={(event) => setDraft({ text: event.target.value })}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonPrimary} disabled={transition.isPending}>
              {needsReason.label} the complaint
            </button>
            <button type="button" className={buttonSecondary} onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <StatusMessage message={done} className="mt-3" data-testid="status-result" />
      {failure && (
        <Alert className="mt-3">
          <p>{failure}</p>
        </Alert>
      )}
    </section>
  );
}
