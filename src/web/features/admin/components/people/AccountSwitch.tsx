import { i18n } from '../../../../lib/i18n';
import { slot } from '../../../../components/ui/WithSlots';
import { WithHiddenName } from '../HiddenName';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
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
      onDone(
        disabled
          ? i18n._('{email} is disabled and signed out everywhere.', { email: person.email })
          : i18n._('{email} can sign in again.', { email: person.email }),
      );
    } catch (error) {
      setProblem(describeFailure(error, []).message ?? errorMessage(error));
    }
  }

  return (
    <div className="mt-3">
      {person.disabled ? (
        <Button
          pending={update.isPending}
          pendingLabel={i18n._('Enabling…')}
          onClick={() => void setDisabled(false)}
        >
          <WithHiddenName text={i18n._('Enable account {name}', { name: slot('name') })} name={i18n._('of {email}', { email: person.email })} />
        </Button>
      ) : confirming ? (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="confirm-disable">
          <p className="text-sm text-amber-950">
            {self
              ? i18n._('Disable your own account? You are signed out at once and another administrator has to enable it again.')
              : i18n._('Disable {email}? They are signed out at once and cannot sign in until the account is enabled again.', { email: person.email })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              pending={update.isPending}
              pendingLabel={i18n._('Disabling…')}
              onClick={() => void setDisabled(true)}
            >
              <WithHiddenName text={i18n._('Disable account {name}', { name: slot('name') })} name={i18n._('of {email}', { email: person.email })} />
            </Button>
            <Button onClick={() => setConfirming(false)}>{i18n._('Cancel')}</Button>
          </div>
        </div>
      ) : (
        <Button onClick={() => setConfirming(true)}>
          <WithHiddenName text={i18n._('Disable account {name}', { name: slot('name') })} name={i18n._('of {email}', { email: person.email })} />
        </Button>
      )}
      {problem && (
        <Alert className="mt-3">
          <p>{problem}</p>
        </Alert>
      )}
    </div>
  );
}
