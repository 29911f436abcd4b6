import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { replyBodySchema } from '../../../../../shared/staff';
import { complaintPhotosKey } from '../../../../components/photos/api/get-complaint-photos';
import { PhotoPicker, type PhotoSelection } from '../../../../components/photos/PhotoPicker';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, card, fieldControl } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useKeyedTransition, useReply } from '../../api/actions';
import { useDraft } from '../../lib/drafts';
import type { Detail } from './types';
import { i18n } from '../../../../lib/i18n';

const REPLY_MAX_LENGTH = 4000;

/** What the page's keyboard asks of the box: `r` goes into it, `e` asks to mark the complaint resolved. */
export interface ReplyBoxHandle {
  focus(): void;
  /** False when the complaint cannot be marked resolved in its status. */
  askResolve(): boolean;
}

/**
 * The one box that writes to the student: "Send" (a reply, mailed), "Send and mark resolved" (the
 * words go as the resolution's note, in one request, so the student gets one mail), or, switched
 * to an internal note, "Add note" (staff only: no mail, no bell). What is typed is a draft kept on
 * this device until the server confirmed it; sending the same draft again reuses its Idempotency-Key.
 */
export function ReplyBox({ complaint, onDone, ref }: { complaint: Detail; onDone?: () => void; ref?: Ref<ReplyBoxHandle> }) {
  const { number } = complaint;
  const reply = useReply(number);
  const transition = useKeyedTransition(number);
  const queryClient = useQueryClient();
  const { draft, setDraft, keyFor, clear } = useDraft(number, 'reply');
  const text = draft.text;
  const internal = draft.internal === true;
  const words = internal ? '' : text.trim();
  const canResolve = complaint.allowedTransitions.some((t) => t.to === 'resolved');
  const busy = reply.isPending || transition.isPending;
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [afterPhotos, setAfterPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  const [pickerKey, setPickerKey] = useState(0);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => textRef.current?.focus(),
      askResolve: () => {
        if (!canResolve) return false;
        setDone(null);
        setConfirming(true);
        return true;
      },
    }),
    [canResolve],
  );
  // The question takes the focus (and so comes into view) as soon as it is asked.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  function start() {
    setDone(null);
    setFailure(null);
    setConfirming(false);
  }

  function fieldProblem(message: string) {
    setError(message);
    textRef.current?.focus();
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    start();
    const parsed = replyBodySchema.safeParse({ text, internal });
    if (!parsed.success) {
      fieldProblem(parsed.error.issues[0]?.message ?? i18n._('Write a reply'));
      return;
    }
    setError(undefined);
    try {
      await reply.mutateAsync({ ...parsed.data, idempotencyKey: keyFor(parsed.data) });
      clear();
      setDone(parsed.data.internal ? i18n._('Internal note added.') : i18n._('Reply sent to the student.'));
      onDone?.();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.text) {
        fieldProblem(caught.fields.text);
        return;
      }
      setFailure(i18n._('Not sent: {error} Your text is kept on this device; send it again when you are ready.', { error: errorMessage(caught) }));
    }
  }

  async function resolve() {
    if (busy) return;
    start();
    // Still uploading: its id is not known yet, so resolving now would leave it behind.
    if (afterPhotos.busy) {
      setFailure(i18n._('Wait for the photos to finish uploading.'));
      return;
    }
    setError(undefined);
    // "After" photos go in the same request, so they arrive with the resolution or not at all.
    const payload = { to: 'resolved' as const, note: words, ...(afterPhotos.ids.length ? { photoIds: afterPhotos.ids } : {}) };
    try {
      await transition.mutateAsync({ ...payload, idempotencyKey: keyFor(payload) });
      // An internal note was not sent with it: it stays in the box, only the used key goes.
      if (internal) setDraft({ key: undefined, sentAs: undefined });
      else clear();
      if (payload.photoIds) {
        setPickerKey((key) => key + 1);
        void queryClient.invalidateQueries({ queryKey: complaintPhotosKey(number) });
      }
      setDone(words ? i18n._('Sent to the student and marked resolved.') : i18n._('Marked resolved.'));
      onDone?.();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.note) {
        fieldProblem(caught.fields.note);
        return;
      }
      const why = errorMessage(caught);
      setFailure(text.trim() ? i18n._('Not resolved: {error} Your text is kept on this device.', { error: why }) : i18n._('Not resolved: {error}', { error: why }));
    }
  }

  const resolveLabel = words ? i18n._('Send and mark resolved') : i18n._('Mark resolved');
  return (
    <section aria-labelledby="reply-heading" className={cn(card, 'mt-6')} data-testid="reply-box">
      <h2 id="reply-heading" className="sr-only">
        {i18n._('Reply')}
      </h2>
      <form noValidate className="space-y-3" onSubmit={(event) => void send(event)} data-testid="reply-form">
        <Field
          id="reply-text"
          label={internal ? i18n._('Internal note') : i18n._('Reply to the student')}
          error={error}
          hint={
            internal
              ? i18n._('Only staff see it: the student gets no mail and no bell.')
              : i18n._('The student sees it on their page and gets it by e-mail.')
          }
        >
          {(control) => (
            <textarea
              {...control}
              ref={textRef}
              rows={4}
              maxLength={REPLY_MAX_LENGTH}
              aria-keyshortcuts="r"
              className={cn(fieldControl, internal && 'border-amber-500 bg-amber-50')}
              value={text}
              onChange={(event) => setDraft({ text: event.target.value })}
            />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-amber-600"
            checked={internal}
            onChange={(event) => setDraft({ internal: event.target.checked })}
          />
          {i18n._('Internal note (not shown to the student)')}
        </label>
        {canResolve && !internal && (
          <PhotoPicker
            key={pickerKey}
            label={i18n._('After photos (optional, sent when you mark it resolved)')}
            hint={i18n._('Show the student the work done. Up to 4.')}
            disabled={busy}
            onChange={setAfterPhotos}
          />
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <button type="submit" className={buttonPrimary} disabled={busy} aria-busy={reply.isPending}>
            {reply.isPending ? i18n._('Sending…') : internal ? i18n._('Add note') : i18n._('Send')}
          </button>
          {canResolve && !internal && (
            <button type="button" className={buttonSecondary} disabled={busy} aria-busy={transition.isPending} aria-keyshortcuts="e" onClick={() => void resolve()}>
              {transition.isPending ? i18n._('Resolving…') : resolveLabel}
            </button>
          )}
        </div>
        {confirming && (
          <div
            role="group"
            aria-labelledby="resolve-question"
            className="rounded-lg border border-brand-200 bg-brand-50 p-3"
            data-testid="resolve-confirm"
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              setConfirming(false);
            }}
          >
            <p id="resolve-question" className="font-semibold text-slate-900">
              {words ? i18n._('Send your reply and mark this complaint resolved?') : i18n._('Mark this complaint resolved?')}
            </p>
            <p className="text-sm text-slate-700">
              {internal && text.trim()
                ? i18n._('The student is asked to confirm the fix. Your internal note is not sent; it stays in the box.')
                : i18n._('The student is asked to confirm the fix.')}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button ref={confirmRef} type="button" className={buttonPrimary} disabled={busy} onClick={() => void resolve()}>
                {words ? i18n._('Yes, send and mark resolved') : i18n._('Yes, mark resolved')}
              </button>
              <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
                {i18n._('Cancel')}
              </button>
            </div>
          </div>
        )}
      </form>
      <StatusMessage message={done} className="mt-3" data-testid="reply-result" />
      {failure && (
        <Alert className="mt-3" data-testid="reply-failure">
          <p>{failure}</p>
        </Alert>
      )}
    </section>
  );
}
