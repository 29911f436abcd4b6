import { i18n } from '../../../../lib/i18n';
import { slot } from '../../../../components/ui/WithSlots';
import { WithHiddenName } from '../HiddenName';
import { useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { PublicCatalog } from '../../../../../shared/catalog';
import { SelectField } from '../../../../components/ui/FormFields';
import { useCatalog } from '../../../../lib/catalog';
import { ListEditor } from '../ListEditor';

/** A scope as the form holds it: '' is every category (or every hostel). */
export interface ScopeDraft {
  category: string;
  hostel: string;
}

/** Any form with a scopes editor. */
export interface WithScopes {
  scopes: ScopeDraft[];
}

export const newScope = (category = '', hostel = ''): ScopeDraft => ({ category, hostel });

export interface ScopeCategory {
  key: string;
  label: string;
}

/** '' is every category; then the catalogue's complaint categories and the cleaning service. */
export function scopeCategories(catalog: PublicCatalog | undefined): ScopeCategory[] {
  return [
    { key: '', label: i18n._('All categories') },
    ...(catalog?.categories ?? []).map((c) => ({ key: c.key, label: c.cardTitle })),
    ...(catalog?.services ?? []).filter((s) => s.key === 'room_cleaning').map((s) => ({ key: s.key, label: s.label })),
  ];
}

/** The categories a scope may name, from the catalogue the portal serves. */
export function useScopeCategories(): ScopeCategory[] {
  return scopeCategories(useCatalog().data);
}

export const scopeLabel = (scope: { category: string; hostel: string }, categories: readonly ScopeCategory[]) =>
  i18n._('{category} · {hostel}', {
    category: categories.find((c) => c.key === scope.category)?.label ?? scope.category,
    hostel: scope.hostel || i18n._('All hostels'),
  });

/** A scope saved earlier may name a category or hostel retired since; it stays choosable. */
function withCurrent(options: readonly ScopeCategory[], current: string): readonly ScopeCategory[] {
  return current === '' || options.some((o) => o.key === current) ? options : [...options, { key: current, label: i18n._('{name} (retired)', { name: current }) }];
}

function ScopeRow<P>({ control, index }: { control: Control<WithScopes, unknown, P>; index: number }) {
  const catalog = useCatalog().data;
  const [category, hostel] = useWatch({ control, name: [`scopes.${index}.category`, `scopes.${index}.hostel`] });
  const hostels = (catalog?.hostels ?? []).map((h) => ({ key: h.name, label: h.name }));
  const n = index + 1;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <SelectField control={control} name={`scopes.${index}.category`} label={<WithHiddenName text={i18n._('Category {name}', { name: slot('name') })} name={i18n._('of scope {number}', { number: n })} />}>
        {withCurrent(scopeCategories(catalog), category).map((c) => (
          <option key={c.key || 'all'} value={c.key}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <SelectField control={control} name={`scopes.${index}.hostel`} label={<WithHiddenName text={i18n._('Hostel {name}', { name: slot('name') })} name={i18n._('of scope {number}', { number: n })} />}>
        <option value="">{i18n._('All hostels')}</option>
        {withCurrent(hostels, hostel).map((h) => (
          <option key={h.key} value={h.key}>
            {h.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** Rows of category × hostel: which complaints a staff member or warden works. */
export function ScopesEditor<T extends WithScopes, P>(props: { control: Control<T, unknown, P> }) {
  // The editor only touches `scopes`, which every T has.
  const control = props.control as unknown as Control<WithScopes, unknown, P>;
  return (
    <ListEditor
      control={control}
      name="scopes"
      legend={i18n._('Scopes')}
      hint={i18n._('Which complaints this person works: a category in a hostel. Without a scope they see no complaints.')}
      newRow={() => newScope()}
      addLabel={i18n._('Add a scope')}
      rowName={(index) => i18n._('scope {number}', { number: index + 1 })}
      renderRow={(index) => <ScopeRow control={control} index={index} />}
    />
  );
}
