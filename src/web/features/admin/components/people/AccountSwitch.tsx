import { useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { buttonPrimary, buttonSecondary } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { useMe } from '../../../../lib/me';
import type { Person } from '../../api/get-people';
import { useUpdatePerson } from '../../api/update-person';
import { describeFailure } from '../../lib/problems';

/**
 * Disable (after a confirmation: it signs the person out everywhere at once) or enable an
 * account. Role, duty and scopes are sent as they are, because the update replaces them.
 */
export function AccountSwitch({ person, onDone }: { person: Person; onDone: (message: string) => void }) {
  const update = useUpdatePerson(person.id);
  const me = useMe();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const self = me.data?.id === person.id;

  async function setDisabled(disabled: boolean) {
    setProblem(null);
    try {
      await update.mutateAsync({ role: person.role, antiRagging: person.antiRagging, scopes: person.scopes, disabled });
      setConfirming(false);
      onDone(disabled ? `${person.email} is disabled and signed out everywhere.` : `${person.email} can sign in again.`);
    } catch (error) {
      setProblem(describeFailure(error, []).message ?? errorMessage(error));
    }
  }

  return (
    <div className="mt-3">
      {person.disabled ? (
        <button type="button" className={buttonSecondary} disabled={update.isPending} onClick={() => void setDisabled(false)}>
          {update.isPending ? 'Enabling…' : 'Enable account'} <span className="sr-only">of {person.email}</span>
        </button>
      ) : confirming ? (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="confirm-disable">
          <p className="text-sm text-amber-950">
            {self
              ? 'Disable your own account? You are signed out at once and another administrator has to enable it again.'
              : `Disable ${person.email}? They are signed out at once and cannot sign in until the account is enabled again.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonPrimary} disabled={update.isPending} onClick={() => void setDisabled(true)}>
              {update.isPending ? 'Disabling…' : 'Disable account'} <span className="sr-only">of {person.email}</span>
            </button>
            <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={buttonSecondary} onClick={() => setConfirming(true)}>
          Disable account <span className="sr-only">of {person.email}</span>
        </button>
      )}
      {problem && (
        <Alert className="mt-3">
          <p>{problem}</p>
        </Alert>
      )}
    </div>
  );
}
