import { i18n } from '../../../../lib/i18n';
import { slot } from '../../../../components/ui/WithSlots';
import { WithHiddenName } from '../HiddenName';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Badge } from '../../../../components/ui/Badge';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { card } from '../../../../components/ui/styles';
import type { Person } from '../../api/get-people';
import { AccountSwitch } from './AccountSwitch';
import { PersonForm } from './PersonForm';
import { ROLE_LABELS } from './roles';
import { scopeLabel, useScopeCategories } from './ScopesEditor';

function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="inline font-medium text-slate-600">{term}: </dt>
      <dd className="inline text-slate-900">{children}</dd>
    </div>
  );
}

/** One person: role, duty, status and scopes; edit, disable, enable. */
export function PersonCard({ person }: { person: Person }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // The Save button goes with the form: focus returns to Edit, beside the confirmation.
  const editButton = useRef<HTMLButtonElement>(null);
  const categories = useScopeCategories();
  const formId = `person-${person.id}-form`;

  return (
    <li className={card} data-testid="person">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{person.name || person.email}</span>
            {person.disabled && <Badge tone="danger">{i18n._('Disabled')}</Badge>}
          </p>
          <p className="text-sm break-all text-slate-700">{person.email}</p>
        </div>
        <Button
          ref={editButton}
          aria-expanded={editing}
          aria-controls={editing ? formId : undefined}
          onClick={() => {
            setEditing(!editing);
            setSaved(null);
          }}
        >
          <WithHiddenName text={editing ? i18n._('Close {name}', { name: slot('name') }) : i18n._('Edit {name}', { name: slot('name') })} name={person.email} />
        </Button>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <Fact term={i18n._('Role')}>{i18n._(ROLE_LABELS[person.role])}</Fact>
        <Fact term={i18n._('Anti-ragging duty')}>{person.antiRagging ? i18n._('Yes') : i18n._('No')}</Fact>
        <Fact term={i18n._('Status')}>{person.disabled ? i18n._('Disabled') : person.lastSignInAt ? i18n._('Active') : i18n._('Not signed in yet')}</Fact>
        <Fact term={i18n._('Scopes')} className="sm:col-span-3">
          {person.role === 'admin'
            ? i18n._('Everything')
            : person.scopes.length
              ? person.scopes.map((scope) => scopeLabel(scope, categories)).join('; ')
              : i18n._('None')}
        </Fact>
      </dl>
      <AccountSwitch person={person} onDone={setSaved} />
      <StatusMessage message={saved} className="mt-3" />
      {editing && (
        <div id={formId}>
          <PersonForm
            person={person}
            onSaved={(message) => {
              setSaved(message);
              setEditing(false);
              editButton.current?.focus();
            }}
          />
        </div>
      )}
    </li>
  );
}
