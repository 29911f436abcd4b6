import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { STATUS_LABELS } from '../../../../../shared/constants';
import { complaintPhotosKey } from '../../../../components/photos/api/get-complaint-photos';
import { PhotoPicker, type PhotoSelection } from '../../../../components/photos/PhotoPicker';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, card, fieldControl } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useKeyedTransition } from '../../api/actions';
import { useDraft } from '../../lib/drafts';
import { sectionHeading, type Detail } from './types';

/**
 * The transitions the server allows now, with the note sent to the student. The note is a draft
 * kept on this device until the change went through (see lib/drafts.ts).
 */
export function StatusActions({ complaint, onDone }: { complaint: Detail; onDone?: () => void }) {
  const transition = useKeyedTransition(complaint.number);
  const { draft, setDraft, keyFor, clear } = useDraft(complaint.number, 'status');
  const note = draft.text;
  const [noteError, setNoteError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noteId = 'transition-note';
  const needsReason = complaint.allowedTransitions.filter((t) => t.reasonRequired).map((t) => t.label.toLowerCase());
  const queryClient = useQueryClient();
  const canResolve = complaint.allowedTransitions.some((t) => t.to === 'resolved');
  const [afterPhotos, setAfterPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  const [pickerKey, setPickerKey] = useState(0);

  async function take(to: Detail['allowedTransitions'][number]) {
    if (transition.isPending) return;
    setDone(null);
    setFailure(null);
    setNoteError(undefined);
    if (to.reasonRequired && note.trim() === '') {
      setNoteError('Give a reason');
      document.getElementById(noteId)?.focus();
      return;
    }
    // "After" photos go with resolving, in the same request, so they arrive with it or not at all.
    const photoIds = to.to === 'resolved' ? afterPhotos.ids : [];
    // Still uploading: its id is not known yet, so resolving now would leave it behind.
    if (to.to === 'resolved' && afterPhotos.busy) {
      setFailure('Wait for the photos to finish uploading.');
      return;
    }
    const payload = { to: to.to, note: note.trim(), ...(photoIds.length ? { photoIds } : {}) };
    try {
      await transition.mutateAsync({ ...payload, idempotencyKey: keyFor(payload) });
      clear();
      if (photoIds.length) {
        setPickerKey((key) => key + 1);
        void queryClient.invalidateQueries({ queryKey: complaintPhotosKey(complaint.number) });
      }
      setDone(`Status changed to ${STATUS_LABELS[to.to]}.`);
      headingRef.current?.focus();
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.note) {
        setNoteError(error.fields.note);
        document.getElementById(noteId)?.focus();
        return;
      }
      setFailure(`Not changed: ${errorMessage(error)}${note.trim() ? ' Your note is kept on this device.' : ''}`);
    }
  }

  return (
    <section aria-labelledby="status-heading" className={cn(card, 'mt-6')}>
      <h2 id="status-heading" ref={headingRef} tabIndex={-1} className={sectionHeading}>
        Change status
      </h2>
      {complaint.allowedTransitions.length === 0 ? (
        <p className="mt-2 text-slate-700">
          Nothing more to do: the complaint is {STATUS_LABELS[complaint.status].toLowerCase()}.
        </p>
      ) : (
        <>
          <Field
            id={noteId}
            label={needsReason.length ? `Note for the student (a reason is required to ${needsReason.join(' or ')})` : 'Note for the student (optional)'}
            hint="Sent to the student by e-mail with the status change. Kept as a draft on this device until then."
            error={noteError}
            className="mt-3"
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={2000}
                className={fieldControl}
                value={note}
                onChange={(event) => setDraft({ text: event.target.value })}
              />
            )}
          </Field>
          {canResolve && (
            <div className="mt-4">
              <PhotoPicker
                key={pickerKey}
                label="After photos (optional, sent with Resolve)"
                hint="Show the student the work done. Up to 4."
                disabled={transition.isPending}
                onChange={setAfterPhotos}
              />
            </div>
          )}
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {complaint.allowedTransitions.map((t) => (
              <button
                key={t.to}
                type="button"
                className={t.to === 'rejected' ? buttonSecondary : buttonPrimary}
                disabled={transition.isPending}
                onClick={() => void take(t)}
              >
                {t.label}
              </button>
            ))}
          </div>
        </>
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
