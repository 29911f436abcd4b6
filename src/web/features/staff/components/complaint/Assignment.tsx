import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { User } from '../../../../../shared/auth';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { Select } from '../../../../components/ui/Controls';
import { card } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useAssign } from '../../api/actions';
import { coversAll, useColleagues } from '../../api/colleagues';
import { sectionHeading, type Detail } from './types';
import { i18n } from '../../../../lib/i18n';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import type { Role } from '../../../../../shared/constants';

/** The colleague's role as the picker shows it beside the name. */
function roleWord(role: Role): string {
  if (role === 'warden') return i18n._('warden');
  if (role === 'admin') return i18n._('admin');
  return i18n._('staff');
}

/**
 * Who works the complaint, and giving it to a colleague whose scope covers it (or to nobody),
 * folded away: taking it yourself is the header's one tap.
 */
export function Assignment({ complaint, user }: { complaint: Detail; user: User }) {
  const assign = useAssign(complaint.number);
  const [open, setOpen] = useState(false);
  // The people are read when the worker opens the choice, not for every complaint looked at.
  const colleagues = useColleagues({ enabled: open });
  const current = complaint.assignee?.id ?? '';
  const [choice, setChoice] = useState(current);
  const [seen, setSeen] = useState(current);
  const [done, setDone] = useState<string | null>(null);
  // Someone (here or elsewhere) changed the assignee: the picker follows.
  if (seen !== current) {
    setSeen(current);
    setChoice(current);
  }
  const selectId = useId();

  const options: Array<{ id: string; label: string }> = [
    { id: '', label: i18n._('Nobody') },
    { id: user.id, label: i18n._('Me ({name})', { name: user.name || user.email }) },
  ];
  for (const person of colleagues.data ?? []) {
    if (person.id !== user.id && coversAll(person, [complaint])) options.push({ id: person.id, label: i18n._('{name} ({role})', { name: person.name, role: roleWord(person.role) }) });
  }
  if (complaint.assignee && !options.some((o) => o.id === complaint.assignee?.id)) {
    options.push({ id: complaint.assignee.id, label: complaint.assignee.name });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    try {
      await assign.mutateAsync({ assigneeId: choice || null });
      const label = options.find((o) => o.id === choice)?.label ?? '';
      setDone(choice ? i18n._('Assigned to {name}.', { name: label }) : i18n._('Nobody is assigned now.'));
    } catch {
      // Shown below.
    }
  }

  const fieldError = assign.error instanceof ApiError ? assign.error.fields?.assigneeId : undefined;

  return (
    <section aria-labelledby="assign-heading" className={cn(card, 'mt-6')} data-testid="assignment">
      <h2 id="assign-heading" className={sectionHeading}>
        {i18n._('Assignment')}
      </h2>
      <p className="mt-1 text-slate-700">
        <WithSlots
          text={i18n._('Assigned to {name}.', { name: slot('name') })}
          slots={{ name: <strong>{complaint.assignee?.name ?? i18n._('nobody')}</strong> }}
        />
      </p>
      <details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline underline-offset-2">
          {i18n._('Give it to a colleague')}
        </summary>
        <form className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void handleSubmit(event)}>
          <Field id={selectId} label={i18n._('Assign to')} error={fieldError} className="min-w-0 flex-1">
            {(control) => (
              <Select {...control} value={choice} onChange={(event) => setChoice(event.target.value)}>
                {options.map((option) => (
                  <option key={option.id || 'nobody'} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" variant="primary" pending={assign.isPending} disabled={choice === current}>
            {i18n._('Assign')}
          </Button>
        </form>
        {colleagues.isLoading && <LoadingStatus label={i18n._('Loading colleagues…')} compact />}
        {colleagues.isError && (
          <p className="mt-2 text-sm text-slate-700">{i18n._('Colleagues could not be listed: {error}', { error: errorMessage(colleagues.error) })}</p>
        )}
      </details>
      <StatusMessage message={done} className="mt-3" />
      {assign.isError && (
        <Alert className="mt-3">
          <p>{errorMessage(assign.error)}</p>
        </Alert>
      )}
    </section>
  );
}
