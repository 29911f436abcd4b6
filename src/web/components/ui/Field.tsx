import { useId } from 'react';
import type { ReactNode } from 'react';
import { fieldError, fieldHint, fieldLabel } from './styles';

/** What a control needs to be tied to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; a generated one when left out. */
  id?: string | undefined;
  label: ReactNode;
  /** The label is read by screen readers only (a row of a list, whose legend says what it is). */
  hideLabel?: boolean | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  /** Announce the error as soon as it appears (role="alert") instead of only on focus. */
  alertError?: boolean | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with an optional hint and an error message under it: the control gets
 * `aria-invalid` and `aria-describedby` (error first, then hint). The wrapper takes layout classes
 * only, so there is nothing to merge (this file stays out of the frame's tailwind-merge budget).
 */
export function Field({ id, label, hideLabel = false, error, hint, alertError = false, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : fieldLabel}>
        {label}
      </label>
      <div className={hideLabel ? undefined : 'mt-1'}>
        {children({ id: controlId, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      </div>
      {hint && (
        <div id={hintId} className={fieldHint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className={fieldError} role={alertError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
