import { i18n } from '../../../lib/i18n';
import { useFormState, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { Routing } from '../../../../shared/admin';
import { SelectField, TextField } from '../../../components/ui/FormFields';
import { fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { messageAt } from '../../../lib/form';
import { ListEditor } from './ListEditor';

/**
 * Routing as the form holds it: the shape the API takes, with each address list as the admin
 * types it (so a message about 'routing.default.to.1' lands on the To field).
 */
export interface RoutingDraft {
  default: { to: string; cc: string };
  overrides: Array<{ hostel: string; to: string; cc: string }>;
}

/** Any form with a routing editor. */
export interface WithRouting {
  routing: RoutingDraft;
}

export const emptyRouting = (): RoutingDraft => ({ default: { to: '', cc: '' }, overrides: [] });

const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function routingDraft(routing: Routing): RoutingDraft {
  return {
    default: { to: routing.default.to.join(', '), cc: routing.default.cc.join(', ') },
    overrides: routing.overrides.map((o) => ({ hostel: o.hostel, to: o.to.join(', '), cc: o.cc.join(', ') })),
  };
}

/** What the schemas check and the server receives. */
export function routingValue(draft: RoutingDraft) {
  return {
    default: { to: addresses(draft.default.to), cc: addresses(draft.default.cc) },
    overrides: draft.overrides.map((o) => ({ hostel: o.hostel, to: addresses(o.to), cc: addresses(o.cc) })),
  };
}

interface RoutingEditorProps<T extends WithRouting, P> {
  /** The control of any form with a `routing` draft. */
  control: Control<T, unknown, P>;
  /** Names of the hostels an override may name (the active ones). */
  hostels: readonly string[];
}

/** Said when shown: the language may change after this module loads. */
const addressHint = () => i18n._('One or more e-mail addresses, separated by commas.');

const addressProps = { type: 'text', inputMode: 'email', autoComplete: 'off' } as const;

/**
 * Who receives the mail of a category or a service: the default To and Cc, and hostels with
 * their own recipients. One editor for both, so the rules read the same everywhere.
 */
export function RoutingEditor<T extends WithRouting, P>({ hostels, ...props }: RoutingEditorProps<T, P>) {
  // The editor only touches `routing`, which every T has.
  const control = props.control as unknown as Control<WithRouting, unknown, P>;
  const { errors } = useFormState({ control, name: 'routing' });
  const general = messageAt(errors, 'routing') ?? messageAt(errors, 'routing.default');
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-300 p-3">
      <legend className={cn(fieldLabel, 'px-1')}>{i18n._('Who receives the mail')}</legend>
      <p className={fieldHint}>{i18n._('The portal sends every new complaint to these addresses; students never choose them.')}</p>
      {general && <p className={fieldError}>{general}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="routing.default.to" label={i18n._({ id: 'mail.to', message: 'To' })} hint={addressHint()} {...addressProps} />
        <TextField control={control} name="routing.default.cc" label={i18n._('Cc (optional)')} hint={addressHint()} {...addressProps} />
      </div>
      <ListEditor
        control={control}
        name="routing.overrides"
        legend={i18n._('Hostels with their own recipients')}
        hint={i18n._('Complaints from these hostels go to these addresses instead of the ones above.')}
        newRow={() => ({ hostel: '', to: '', cc: '' })}
        addLabel={i18n._("Add a hostel's recipients")}
        rowName={(index) => i18n._('hostel recipients {number}', { number: index + 1 })}
        renderRow={(index) => <OverrideRow control={control} index={index} hostels={hostels} />}
      />
    </fieldset>
  );
}

function OverrideRow<P>({ control, index, hostels }: { control: Control<WithRouting, unknown, P>; index: number; hostels: readonly string[] }) {
  // A hostel retired since the override was saved stays choosable in its own row.
  const current = useWatch({ control, name: `routing.overrides.${index}.hostel` });
  const options = current === '' || hostels.includes(current) ? hostels : [current, ...hostels];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <SelectField control={control} name={`routing.overrides.${index}.hostel`} label={i18n._('Hostel {number}', { number: index + 1 })}>
        <option value="">{i18n._('Choose a hostel')}</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextField control={control} name={`routing.overrides.${index}.to`} label={i18n._('To for hostel {number}', { number: index + 1 })} {...addressProps} />
      <TextField control={control} name={`routing.overrides.${index}.cc`} label={i18n._('Cc for hostel {number}', { number: index + 1 })} {...addressProps} />
    </div>
  );
}

/** "gym@example.edu (cc: head@example.edu)" for the lists. */
export function recipientsLabel(r: { to: readonly string[]; cc: readonly string[] }): string {
  const to = r.to.join(', ') || i18n._('nobody');
  return r.cc.length ? i18n._('{to} (cc: {cc})', { to, cc: r.cc.join(', ') }) : to;
}
