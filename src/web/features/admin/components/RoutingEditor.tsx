import type { Routing } from '../../../../shared/admin';
import { Field } from '../../../components/ui/Field';
import { fieldControl, fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { problemAt, rowKey, type Problems } from '../lib/problems';
import { ListEditor } from './ListEditor';

interface OverrideDraft {
  key: number;
  hostel: string;
  to: string;
  cc: string;
}

/** Routing as the form holds it: address lists as the admin types them. */
export interface RoutingDraft {
  to: string;
  cc: string;
  overrides: OverrideDraft[];
}

export const emptyRouting = (): RoutingDraft => ({ to: '', cc: '', overrides: [] });

const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function routingDraft(routing: Routing): RoutingDraft {
  return {
    to: routing.default.to.join(', '),
    cc: routing.default.cc.join(', '),
    overrides: routing.overrides.map((o) => ({ key: rowKey(), hostel: o.hostel, to: o.to.join(', '), cc: o.cc.join(', ') })),
  };
}

/** What the schemas check and the server receives. */
export function routingValue(draft: RoutingDraft) {
  return {
    default: { to: addresses(draft.to), cc: addresses(draft.cc) },
    overrides: draft.overrides.map((o) => ({ hostel: o.hostel, to: addresses(o.to), cc: addresses(o.cc) })),
  };
}

interface RoutingEditorProps {
  idPrefix: string;
  value: RoutingDraft;
  onChange: (value: RoutingDraft) => void;
  /** The form's problems; this editor shows everything under `routing`. */
  problems: Problems;
  /** Names of the hostels an override may name (the active ones). */
  hostels: readonly string[];
}

const ADDRESS_HINT = 'One or more e-mail addresses, separated by commas.';

/**
 * Who receives the mail of a category or a service: the default To and Cc, and hostels with
 * their own recipients. One editor for both, so the rules read the same everywhere.
 */
export function RoutingEditor({ idPrefix, value, onChange, problems, hostels }: RoutingEditorProps) {
  const general = problems.routing ?? problems['routing.default'];
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-300 p-3">
      <legend className={`${fieldLabel} px-1`}>Who receives the mail</legend>
      <p className={fieldHint}>The portal sends every new complaint to these addresses; students never choose them.</p>
      {general && <p className={fieldError}>{general}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-to`} label="To" hint={ADDRESS_HINT} error={problemAt(problems, 'routing.default.to')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="email"
              autoComplete="off"
              className={fieldControl}
              value={value.to}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-cc`} label="Cc (optional)" hint={ADDRESS_HINT} error={problemAt(problems, 'routing.default.cc')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="email"
              autoComplete="off"
              className={fieldControl}
              value={value.cc}
              onChange={(event) => onChange({ ...value, cc: event.target.value })}
            />
          )}
        </Field>
      </div>
      <ListEditor
        idPrefix={`${idPrefix}-overrides`}
        legend="Hostels with their own recipients"
        hint="Complaints from these hostels go to these addresses instead of the ones above."
        rows={value.overrides}
        onChange={(overrides) => onChange({ ...value, overrides })}
        newRow={() => ({ key: rowKey(), hostel: '', to: '', cc: '' })}
        addLabel="Add a hostel's recipients"
        rowName={(index) => `hostel recipients ${index + 1}`}
        error={problems['routing.overrides']}
        renderRow={(row, index, update) => {
          const id = `${idPrefix}-override-${row.key}`;
          const path = `routing.overrides.${index}`;
          const options = hostels.includes(row.hostel) || row.hostel === '' ? hostels : [row.hostel, ...hostels];
          return (
            <div className="grid gap-3 sm:grid-cols-3">
              <Field id={`${id}-hostel`} label={`Hostel ${index + 1}`} error={problemAt(problems, `${path}.hostel`)}>
                {(control) => (
                  <select {...control} className={fieldControl} value={row.hostel} onChange={(event) => update({ hostel: event.target.value })}>
                    <option value="">Choose a hostel</option>
                    {options.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={`${id}-to`} label={`To for hostel ${index + 1}`} error={problemAt(problems, `${path}.to`)}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="email"
                    autoComplete="off"
                    className={fieldControl}
                    value={row.to}
                    onChange={(event) => update({ to: event.target.value })}
                  />
                )}
              </Field>
              <Field id={`${id}-cc`} label={`Cc for hostel ${index + 1}`} error={problemAt(problems, `${path}.cc`)}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="email"
                    autoComplete="off"
                    className={fieldControl}
                    value={row.cc}
                    onChange={(event) => update({ cc: event.target.value })}
                  />
                )}
              </Field>
            </div>
          );
        }}
      />
    </fieldset>
  );
}

/** "gym@example.edu (cc: head@example.edu)" for the lists. */
export function recipientsLabel(r: { to: readonly string[]; cc: readonly string[] }): string {
  return `${r.to.join(', ') || 'nobody'}${r.cc.length ? ` (cc: ${r.cc.join(', ')})` : ''}`;
}
