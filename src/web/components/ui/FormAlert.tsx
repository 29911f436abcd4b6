import { useFormState } from 'react-hook-form';
import type { Control, FieldValues } from 'react-hook-form';
import { formMessage } from '../../lib/form';
import { Alert } from './Alert';

/** The form's own message (what no field shows: a refusal, a network failure), as an alert. */
export function FormAlert<T extends FieldValues, P>({ control, className }: { control: Control<T, unknown, P>; className?: string }) {
  const { errors } = useFormState({ control });
  const message = formMessage(errors);
  if (!message) return null;
  return (
    <Alert className={className}>
      <p>{message}</p>
    </Alert>
  );
}
