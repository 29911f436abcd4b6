import { CATEGORIES, HOSTELS, SERVICES } from '../../../../shared/catalog';
import { buttonSecondary, fieldControl, fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';

export interface ScopeRow {
  /** Stable React key of the row. */
  key: number;
  category: string;
  hostel: string;
}

/** '' is every category; the six complaint categories and the cleaning service. */
export const SCOPE_CATEGORIES: ReadonlyArray<{ key: string; label: string }> = [
  { key: '', label: 'All categories' },
  ...CATEGORIES.map((c) => ({ key: c.key as string, label: c.cardTitle })),
  ...SERVICES.filter((s) => s.key === 'room_cleaning').map((s) => ({ key: s.key as string, label: s.label })),
];

export const scopeLabel = (scope: { category: string; hostel: string }) =>
  `${SCOPE_CATEGORIES.find((c) => c.key === scope.category)?.label ?? scope.category} · ${scope.hostel || 'All hostels'}`;

let nextKey = 1;
export const newScopeRow = (category = '', hostel = ''): ScopeRow => ({ key: nextKey++, category, hostel });

interface ScopesEditorProps {
  /** Prefix for the ids of the controls (unique on the page). */
  idPrefix: string;
  rows: ScopeRow[];
  onChange: (rows: ScopeRow[]) => void;
  error?: string | undefined;
}

/** Rows of category × hostel: which complaints a staff member or warden works. */
export function ScopesEditor({ idPrefix, rows, onChange, error }: ScopesEditorProps) {
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
                    {SCOPE_CATEGORIES.map((c) => (
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
                    {HOSTELS.map((hostel) => (
                      <option key={hostel} value={hostel}>
                        {hostel}
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
