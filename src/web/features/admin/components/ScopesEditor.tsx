import type { PublicCatalog } from '../../../../shared/catalog';
import { buttonSecondary, fieldControl, fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { useCatalog } from '../../../lib/catalog';

export interface ScopeRow {
  /** Stable React key of the row. */
  key: number;
  category: string;
  hostel: string;
}

export interface ScopeCategory {
  key: string;
  label: string;
}

/** '' is every category; then the catalogue's complaint categories and the cleaning service. */
export function scopeCategories(catalog: PublicCatalog | undefined): ScopeCategory[] {
  return [
    { key: '', label: 'All categories' },
    ...(catalog?.categories ?? []).map((c) => ({ key: c.key, label: c.cardTitle })),
    ...(catalog?.services ?? []).filter((s) => s.key === 'room_cleaning').map((s) => ({ key: s.key as string, label: s.label })),
  ];
}

/** The categories a scope may name, from the catalogue the portal serves. */
export function useScopeCategories(): ScopeCategory[] {
  return scopeCategories(useCatalog().data);
}

export const scopeLabel = (scope: { category: string; hostel: string }, categories: readonly ScopeCategory[]) =>
  `${categories.find((c) => c.key === scope.category)?.label ?? scope.category} · ${scope.hostel || 'All hostels'}`;

let nextKey = 1;
export const newScopeRow = (category = '', hostel = ''): ScopeRow => ({ key: nextKey++, category, hostel });

/** A scope saved earlier may name a category or hostel retired since; it stays choosable. */
function withCurrent(options: readonly ScopeCategory[], current: string): readonly ScopeCategory[] {
  return current === '' || options.some((o) => o.key === current) ? options : [...options, { key: current, label: `${current} (retired)` }];
}

interface ScopesEditorProps {
  /** Prefix for the ids of the controls (unique on the page). */
  idPrefix: string;
  rows: ScopeRow[];
  onChange: (rows: ScopeRow[]) => void;
  error?: string | undefined;
}

/** Rows of category × hostel: which complaints a staff member or warden works. */
export function ScopesEditor({ idPrefix, rows, onChange, error }: ScopesEditorProps) {
  const catalog = useCatalog().data;
  const categories = scopeCategories(catalog);
  const hostels = (catalog?.hostels ?? []).map((h) => h.name);
  const hintId = `${idPrefix}-scopes-hint`;
  const errorId = `${idPrefix}-scopes-error`;
  const update = (key: number, change: Partial<ScopeRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-300 p-3" aria-describedby={error ? `${errorId} ${hintId}` : hintId}>
      <legend className={`${fieldLabel} px-1`}>Scopes</legend>
      <p id={hintId} className={fieldHint}>
        Which complaints this person works: a category in a hostel. Without a scope they see no complaints.
      </p>
      {rows.length > 0 && (
        <ul className="mt-3 space-y-3">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li key={row.key} className="grid gap-2 rounded-lg bg-slate-50 p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <div>
                  <label htmlFor={`${idPrefix}-scope-${row.key}-category`} className={fieldLabel}>
                    Category <span className="sr-only">of scope {n}</span>
                  </label>
                  <select
                    id={`${idPrefix}-scope-${row.key}-category`}
                    className={`${fieldControl} mt-1`}
                    value={row.category}
                    onChange={(event) => update(row.key, { category: event.target.value })}
                  >
                    {withCurrent(categories, row.category).map((c) => (
                      <option key={c.key || 'all'} value={c.key}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={`${idPrefix}-scope-${row.key}-hostel`} className={fieldLabel}>
                    Hostel <span className="sr-only">of scope {n}</span>
                  </label>
                  <select
                    id={`${idPrefix}-scope-${row.key}-hostel`}
                    className={`${fieldControl} mt-1`}
                    value={row.hostel}
                    onChange={(event) => update(row.key, { hostel: event.target.value })}
                  >
                    <option value="">All hostels</option>
                    {withCurrent(hostels.map((h) => ({ key: h, label: h })), row.hostel).map((h) => (
                      <option key={h.key} value={h.key}>
                        {h.label}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className={buttonSecondary}
                  onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                >
                  Remove <span className="sr-only">scope {n}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => onChange([...rows, newScopeRow()])}>
        Add a scope
      </button>
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
