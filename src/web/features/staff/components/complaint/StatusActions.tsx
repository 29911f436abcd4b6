import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { STATUS_LABELS } from '../../../../../shared/constants';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { TextAreaField } from '../../../../components/ui/FormFields';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { card } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { draftResolver } from '../../../../lib/form';
import { randomUuid } from '../../../../lib/uuid';
import { useKeyedTransition } from '../../api/actions';
import { useDraft, useMirrorToDraft } from '../../lib/drafts';
import { sectionHeading, type Detail } from './types';
import { i18n } from '../../../../lib/i18n';

type Move = Detail['allowedTransitions'][number];

/** A move's button, in the reader's language (the server gives the English of the shared lifecycle). */
function moveLabel(move: Move): string {
  if (move.to === 'acknowledged') return i18n._('Acknowledge');
  if (move.to === 'in_progress') return i18n._('Start work');
  if (move.to === 'rejected') return i18n._('Reject');
  return move.label;
}

function reasonTexts(move: Move): { form: string; why: string; submit: string } {
  if (move.to === 'rejected') {
    return {
      form: i18n._('Reject the complaint'),
      why: i18n._('Why (the student is sent this with the reject)'),
      submit: i18n._('Reject the complaint'),
    };
  }
  const action = moveLabel(move);
  return {
    form: i18n._('{action} the complaint', { action }),
    why: i18n._('Why (the student is sent this with the {action})', { action: action.toLowerCase() }),
    submit: i18n._('{action} the complaint', { action }),
  };
}

interface ReasonDraft {
  text: string;
}

const reasonResolver = draftResolver(z.object({ text: z.string().trim().min(1, /*i18n*/ 'Give a reason') }), (draft: ReasonDraft) => draft);
const reasonToDraft = ({ text }: ReasonDraft) => ({ text });

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
  const form = useForm<ReasonDraft, unknown, ReasonDraft>({ defaultValues: { text: reason }, resolver: reasonResolver, reValidateMode: 'onChange' });
  useMirrorToDraft(form, setDraft, reasonToDraft);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonId = 'transition-note';

  async function move(to: Move, note: string) {
    if (transition.isPending) return;
    setDone(null);
    setFailure(null);
    form.clearErrors();
    const payload = { to: to.to, note };
    // A one-tap change has no draft: its key lives as long as this tap and the mutation's retries.
    const idempotencyKey = to.reasonRequired ? keyFor(payload) : randomUuid();
    try {
      await transition.mutateAsync({ ...payload, idempotencyKey });
      if (to.reasonRequired) {
        clear();
        form.reset({ text: '' });
        setAsking(false);
      }
      setDone(i18n._('Status changed to {status}.', { status: i18n._(STATUS_LABELS[to.to]) }));
      headingRef.current?.focus();
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.note) {
        form.setError('text', { type: error.code, message: error.fields.note }, { shouldFocus: true });
        return;
      }
      const why = errorMessage(error);
      setFailure(note ? i18n._('Not changed: {error} Your reason is kept on this device.', { error: why }) : i18n._('Not changed: {error}', { error: why }));
    }
  }

  const canResolve = complaint.allowedTransitions.some((t) => t.to === 'resolved');
  return (
    <section aria-labelledby="status-heading" className={cn(card, 'mt-6 lg:mt-0')} data-testid="status-actions">
      <h2 id="status-heading" ref={headingRef} tabIndex={-1} className={sectionHeading}>
        {i18n._('Change status')}
      </h2>
      {moves.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {canResolve
            ? i18n._('Mark it resolved from the reply box, with a word to the student.')
            : i18n._('Nothing more to do: the complaint is {status}.', { status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase() })}
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {moves.map((t) =>
            t.reasonRequired ? (
              <Button key={t.to} aria-expanded={asking} aria-controls="reason-form" onClick={() => setAsking((open) => !open)}>
                {i18n._('{action}…', { action: moveLabel(t) })}
              </Button>
            ) : (
              <Button key={t.to} disabled={transition.isPending} onClick={() => void move(t, '')}>
                {moveLabel(t)}
              </Button>
            ),
          )}
        </div>
      )}
      {asking && needsReason && (
        <form id="reason-form" noValidate className="mt-4 space-y-3" aria-label={reasonTexts(needsReason).form} onSubmit={(event) =>
            void form.handleSubmit(({ text }) => {
              if (needsReason) void move(needsReason, text);
            })(event)
          }>
          <TextAreaField
            control={form.control}
            name="text"
            id={reasonId}
            label={reasonTexts(needsReason).why}
            hint={i18n._('Kept as a draft on this device until the change went through.')}
            rows={3}
            maxLength={4000}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" pending={transition.isPending}>
              {reasonTexts(needsReason).submit}
            </Button>
            <Button onClick={() => setAsking(false)}>{i18n._('Cancel')}</Button>
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
