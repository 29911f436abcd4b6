import type { ReactNode } from 'react';
import { buttonSecondary, fieldControl, fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { problemAt, rowKey, type Problems } from '../lib/problems';

export interface Row {
  /** Stable React key, so removing a row never moves text into another row's input. */
  key: number;
}

export interface TextRow extends Row {
  value: string;
}

export const textRows = (values: readonly string[]): TextRow[] => values.map((value) => ({ key: rowKey(), value }));
export const textValues = (rows: readonly TextRow[]): string[] => rows.map((row) => row.value);

interface ListEditorProps<T extends Row> {
  /** Prefix for the ids of the controls (unique on the page). */
  idPrefix: string;
  legend: string;
  hint?: ReactNode;
  rows: T[];
  onChange: (rows: T[]) => void;
  newRow: () => T;
  /** "Add a domain" */
  addLabel: string;
  /** How a screen reader names one row: "domain 2". */
  rowName: (index: number) => string;
  renderRow: (row: T, index: number, update: (change: Partial<T>) => void) => ReactNode;
  /** A message about the list as a whole. */
  error?: string | undefined;
  maxRows?: number;
}

/** A fieldset of rows the admin adds and removes, each with its own controls and a Remove button. */
export function ListEditor<T extends Row>(props: ListEditorProps<T>) {
  const { idPrefix, legend, hint, rows, onChange, newRow, addLabel, rowName, renderRow, error, maxRows = 50 } = props;
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = error ? `${idPrefix}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const update = (key: number, change: Partial<T>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-300 p-3" aria-describedby={describedBy}>
      <legend className={`${fieldLabel} px-1`}>{legend}</legend>
      {hint && (
        <div id={hintId} className={fieldHint}>
          {hint}
        </div>
      )}
      {rows.length > 0 && (
        <ul className="mt-3 space-y-2">
          {rows.map((row, index) => (
            <li key={row.key} className="flex min-w-0 flex-wrap items-start gap-2 rounded-lg bg-slate-50 p-2">
              <div className="min-w-0 flex-1">{renderRow(row, index, (change) => update(row.key, change))}</div>
              <button
                type="button"
                className={`${buttonSecondary} shrink-0`}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              >
                Remove <span className="sr-only">{rowName(index)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {rows.length < maxRows && (
        <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => onChange([...rows, newRow()])}>
          {addLabel}
        </button>
      )}
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface TextListEditorProps {
  idPrefix: string;
  legend: string;
  hint?: ReactNode;
  rows: TextRow[];
  onChange: (rows: TextRow[]) => void;
  /** "domain": used in "Add a domain", "Domain 2", "Remove domain 2". */
  noun: string;
  /** Where the list's messages are: 'allowedDomains' → 'allowedDomains.1' for the second row. */
  path: string;
  problems: Problems;
  inputMode?: 'text' | 'email' | 'url';
  maxLength?: number;
  maxRows?: number;
}

/** A list of one-line texts (domains, credits). */
export function TextListEditor({ idPrefix, legend, hint, rows, onChange, noun, path, problems, inputMode = 'text', maxLength, maxRows }: TextListEditorProps) {
  const label = (index: number) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${index + 1}`;
  return (
    <ListEditor
      idPrefix={idPrefix}
      legend={legend}
      hint={hint}
      rows={rows}
      onChange={onChange}
      newRow={() => ({ key: rowKey(), value: '' })}
      addLabel={`Add ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`}
      rowName={(index) => `${noun} ${index + 1}`}
      error={problems[path]}
      maxRows={maxRows}
      renderRow={(row, index, update) => {
        const id = `${idPrefix}-${row.key}`;
        const error = problemAt(problems, `${path}.${index}`);
        return (
          <>
            <label htmlFor={id} className="sr-only">
              {label(index)}
            </label>
            <input
              id={id}
              type="text"
              inputMode={inputMode}
              autoComplete="off"
              maxLength={maxLength}
              className={fieldControl}
              value={row.value}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => update({ value: event.target.value })}
            />
            {error && (
              <p id={`${id}-error`} className={fieldError}>
                {error}
              </p>
            )}
          </>
        );
      }}
    />
  );
}
