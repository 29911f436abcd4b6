import { useForm } from 'react-hook-form';
import { GRIEVANCE_TEXT_MAX, grievanceMessageSchema, type GrievanceMessageInput } from '../../../../shared/grievances';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextAreaField } from '../../../components/ui/FormFields';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useSendGrievanceMessage, type ThreadSide } from '../api/send-message';

const resolver = draftResolver(grievanceMessageSchema, (draft: GrievanceMessageInput) => draft);

/** A message in the grievance's thread: the student's answer or note, a member's message. */
export function MessageForm({
  side,
  number,
  label,
  submitLabel,
  onSent,
}: {
  side: ThreadSide;
  number: string;
  label: string;
  submitLabel: string;
  onSent: (message: string) => void;
}) {
  const send = useSendGrievanceMessage(side, number);
  const form = useForm<GrievanceMessageInput, unknown, GrievanceMessageInput>({ defaultValues: { text: '' }, resolver, reValidateMode: 'onSubmit' });
  const submit = form.handleSubmit(async (payload) => {
    try {
      await send.mutateAsync(payload);
      form.reset({ text: '' });
      onSent(i18n._('Sent. It is in the thread.'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form noValidate aria-label={label} className="mt-3 space-y-3" onSubmit={(event) => void submit(event)}>
      <TextAreaField control={form.control} name="text" label={label} rows={3} maxLength={GRIEVANCE_TEXT_MAX} />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={send.isPending} pendingLabel={i18n._('Sending…')}>
        {submitLabel}
      </Button>
    </form>
  );
}
