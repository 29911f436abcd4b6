import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useFieldArray, useFormState } from 'react-hook-form';
import type { ArrayPath, Control, FieldArray, FieldErrors, FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from '../../../components/ui/FormFields';
import { Button } from '../../../components/ui/Button';
import { fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { cn } from '../../../lib/cn';
import { messageAt } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';

interface ListEditorProps<T extends FieldValues, N extends ArrayPath<T>, P> {
  control: Control<T, unknown, P>;
  /** The list in the form ('roomRanges', 'routing.overrides'). */
  name: N;
  legend: string;
  hint?: ReactNode;
  newRow: () => FieldArray<T, N>;
  /** "Add a domain" */
  addLabel: string;
  /** How a screen reader names one row: "domain 2". */
  rowName: (index: number) => string;
  /** The controls of row `index` (their names start with `${name}.${index}.`). */
  renderRow: (index: number) => ReactNode;
  maxRows?: number;
}

/**
 * A fieldset of rows the admin adds and removes, each with its own controls and a Remove button.
 * A new row takes the focus (and a removed row hands it to the Add button); the list's own message
 * (too few rows, overlaps, duplicates) is under it.
 */
export function ListEditor<T extends FieldValues, N extends ArrayPath<T>, P>(props: ListEditorProps<T, N, P>) {
  const { control, name, legend, hint, newRow, addLabel, rowName, renderRow, maxRows = 50 } = props;
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name: name as unknown as FieldPath<T> });
  const error = messageAt(errors, name);
  const idPrefix = useId();
  // The Remove button pressed goes away with its row: the focus moves to the list's Add button.
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!focusAdd.current) return;
    focusAdd.current = false;
    addButton.current?.focus();
  });
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = error ? `${idPrefix}-error` : undefined;

  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-300 p-3" aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}>
      <legend className={cn(fieldLabel, 'px-1')}>{legend}</legend>
      {hint && (
        <div id={hintId} className={fieldHint}>
          {hint}
        </div>
      )}
      {fields.length > 0 && (
        <ul className="mt-3 space-y-2">
          {fields.map((row, index) => (
            <li key={row.id} className="flex min-w-0 flex-wrap items-start gap-2 rounded-lg bg-slate-50 p-2">
              <div className="min-w-0 flex-1">
                {renderRow(index)}
                <RowMessage errors={errors} path={`${name}.${index}`} />
              </div>
              <Button
                className="shrink-0"
                onClick={() => {
                  focusAdd.current = true;
                  remove(index);
                }}
              >
                <WithSlots text={i18n._('Remove {row}', { row: slot('row') })} slots={{ row: <span className="sr-only">{rowName(index)}</span> }} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {fields.length < maxRows && (
        <Button ref={addButton} className="mt-3" onClick={() => append(newRow())}>
          {addLabel}
        </Button>
      )}
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A message about a row as a whole (rather than one of its controls). */
function RowMessage({ errors, path }: { errors: FieldErrors; path: string }) {
  const message = messageAt(errors, path);
  return message ? <p className={fieldError}>{message}</p> : null;
}

/** A row of a list of one-line texts; the form holds each as `{ value }`. */
export interface TextRow {
  value: string;
}

export const textRows = (values: readonly string[]): TextRow[] => values.map((value) => ({ value }));
export const textValues = (rows: readonly TextRow[]): string[] => rows.map((row) => row.value);

interface TextListEditorProps<T extends FieldValues, N extends ArrayPath<T>, P> {
  control: Control<T, unknown, P>;
  /** A list of {@link TextRow} in the form: 'allowedDomains' → 'allowedDomains.1.value' for the second row. */
  name: N;
  legend: string;
  hint?: ReactNode;
  /** "Add a domain" */
  addLabel: string;
  /** "Domain 2": the row's label, and how a screen reader names it in "Remove …". */
  rowLabel: (index: number) => string;
  inputMode?: 'text' | 'email' | 'url';
  maxLength?: number;
  maxRows?: number;
}

/** A list of one-line texts (domains, credits). */
export function TextListEditor<T extends FieldValues, N extends ArrayPath<T>, P>(props: TextListEditorProps<T, N, P>) {
  const { control, name, legend, hint, addLabel, rowLabel, inputMode = 'text', maxLength, maxRows } = props;
  return (
    <ListEditor
      control={control}
      name={name}
      legend={legend}
      hint={hint}
      newRow={() => ({ value: '' }) as FieldArray<T, N>}
      addLabel={addLabel}
      rowName={rowLabel}
      maxRows={maxRows}
      renderRow={(index) => (
        <TextField
          control={control}
          name={`${name}.${index}.value` as FieldPath<T>}
          label={rowLabel(index)}
          hideLabel
          inputMode={inputMode}
          autoComplete="off"
          maxLength={maxLength}
        />
      )}
    />
  );
}
