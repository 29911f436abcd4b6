import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { replyBodySchema } from '../../../../../shared/staff';
import { complaintPhotosKey } from '../../../../components/photos/api/get-complaint-photos';
import { PhotoPicker, type PhotoSelection } from '../../../../components/photos/PhotoPicker';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { CheckboxField, TextAreaField } from '../../../../components/ui/FormFields';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { card } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { draftResolver } from '../../../../lib/form';
import { OPEN_STATUSES } from '../../../../../shared/constants';
import { useKeyedTransition, useReply } from '../../api/actions';
import { useDraft, useMirrorToDraft } from '../../lib/drafts';
import type { Detail } from './types';
import { i18n } from '../../../../lib/i18n';

const REPLY_MAX_LENGTH = 4000;

/** The box as the form holds it: the shared reply schema checks it as it is. */
interface ReplyDraft {
  text: string;
  internal: boolean;
  /** The reply asks something: the complaint's clock pauses until the student answers (issue 44). */
  waitForStudent: boolean;
}

type ReplyBody = z.output<typeof replyBodySchema>;

const replyResolver = draftResolver(replyBodySchema, (draft: ReplyDraft) => draft);
const replyToDraft = ({ text, internal }: ReplyDraft) => ({ text, internal });
const EMPTY: ReplyDraft = { text: '', internal: false, waitForStudent: false };

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
  const form = useForm<ReplyDraft, unknown, ReplyBody>({
    defaultValues: { text: draft.text, internal: draft.internal === true, waitForStudent: false },
    resolver: replyResolver,
    reValidateMode: 'onChange',
  });
  useMirrorToDraft(form, setDraft, replyToDraft);
  const text = useWatch({ control: form.control, name: 'text' });
  const internal = useWatch({ control: form.control, name: 'internal' });
  const words = internal ? '' : text.trim();
  const canResolve = complaint.allowedTransitions.some((t) => t.to === 'resolved');
  const mayWait = (OPEN_STATUSES as readonly string[]).includes(complaint.status);
  const busy = reply.isPending || transition.isPending;
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [afterPhotos, setAfterPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  const [pickerKey, setPickerKey] = useState(0);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => form.setFocus('text'),
      askResolve: () => {
        if (!canResolve) return false;
        setDone(null);
        setConfirming(true);
        return true;
      },
    }),
    [canResolve, form],
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
    form.setError('text', { type: 'request', message }, { shouldFocus: true });
  }

  const send = form.handleSubmit(async (body) => {
    try {
      const waits = mayWait && !body.internal && body.waitForStudent;
      const sent = { text: body.text, internal: body.internal, waitForStudent: waits };
      await reply.mutateAsync({ ...sent, idempotencyKey: keyFor(sent) });
      clear();
      form.reset(EMPTY);
      setDone(
        body.internal
          ? i18n._('Internal note added.')
          : waits
            ? i18n._('Reply sent to the student. The clock is paused until they answer.')
            : i18n._('Reply sent to the student.'),
      );
      onDone?.();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.text) {
        fieldProblem(caught.fields.text);
        return;
      }
      setFailure(i18n._('Not sent: {error} Your text is kept on this device; send it again when you are ready.', { error: errorMessage(caught) }));
    }
  });

  async function resolve() {
    if (busy) return;
    start();
    // Still uploading: its id is not known yet, so resolving now would leave it behind.
    if (afterPhotos.busy) {
      setFailure(i18n._('Wait for the photos to finish uploading.'));
      return;
    }
    form.clearErrors('text');
    // "After" photos go in the same request, so they arrive with the resolution or not at all.
    const payload = { to: 'resolved' as const, note: words, ...(afterPhotos.ids.length ? { photoIds: afterPhotos.ids } : {}) };
    try {
      await transition.mutateAsync({ ...payload, idempotencyKey: keyFor(payload) });
      // An internal note was not sent with it: it stays in the box, only the used key goes.
      if (internal) setDraft({ key: undefined, sentAs: undefined });
      else {
        clear();
        form.reset(EMPTY);
      }
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
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          // A second Enter while the first is on its way sends nothing; a new try starts afresh.
          if (busy) {
            event.preventDefault();
            return;
          }
          start();
          void send(event);
        }}
        data-testid="reply-form"
      >
        <TextAreaField
          control={form.control}
          name="text"
          id="reply-text"
          label={internal ? i18n._('Internal note') : i18n._('Reply to the student')}
          hint={
            internal
              ? i18n._('Only staff see it: the student gets no mail and no bell.')
              : i18n._('The student sees it on their page and gets it by e-mail.')
          }
          rows={4}
          maxLength={REPLY_MAX_LENGTH}
          aria-keyshortcuts="r"
          controlClassName={internal ? 'border-amber-500 bg-amber-50' : undefined}
        />
        <CheckboxField control={form.control} name="internal" label={i18n._('Internal note (not shown to the student)')} controlClassName="accent-amber-600" />
        {mayWait && !internal && (
          <CheckboxField
            control={form.control}
            name="waitForStudent"
            label={i18n._("Wait for the student's answer (pauses the clock)")}
            hint={
              complaint.waitingSince
                ? i18n._('The clock is already paused: it runs again when the student answers.')
                : i18n._('While it waits it is not overdue and not escalated; the student’s answer starts the clock again with the time it had.')
            }
          />
        )}
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
          <Button type="submit" variant="primary" disabled={busy} pending={reply.isPending} pendingLabel={i18n._('Sending…')}>
            {internal ? i18n._('Add note') : i18n._('Send')}
          </Button>
          {canResolve && !internal && (
            <Button disabled={busy} pending={transition.isPending} pendingLabel={i18n._('Resolving…')} aria-keyshortcuts="e" onClick={() => void resolve()}>
              {resolveLabel}
            </Button>
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
              <Button ref={confirmRef} variant="primary" disabled={busy} onClick={() => void resolve()}>
                {words ? i18n._('Yes, send and mark resolved') : i18n._('Yes, mark resolved')}
              </Button>
              <Button onClick={() => setConfirming(false)}>{i18n._('Cancel')}</Button>
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
