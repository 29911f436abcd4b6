import type { ReactNode } from 'react';
import { fieldError, fieldHint, fieldLabel } from './styles';

/** What a control needs to be tied to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Announce the error as soon as it appears (role="alert") instead of only on focus. */
  alertError?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and an error message under it. */
export function Field({ id, label, error, hint, alertError = false, className = '', children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className="mt-1">{children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}</div>
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
