import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { Field } from './Field';
import { fieldControl, fieldError } from './styles';

/*
 * Form controls bound to a react-hook-form field: each renders its label, the control, a hint and
 * the field's message, with aria-invalid and aria-describedby. The message is whatever the form's
 * resolver or `applyServerErrors` (lib/form.ts) put at the field's path.
 */

interface BoundProps<T extends FieldValues, N extends FieldPath<T>, P> {
  control: Control<T, unknown, P>;
  name: N;
  label: ReactNode;
  /** The control's id; a generated one when left out. */
  id?: string;
  hint?: ReactNode;
  /** A label only screen readers read (a row of a list whose legend names it). */
  hideLabel?: boolean;
  /** Classes of the wrapper (layout). */
  className?: string;
  /** Classes added to the control's own (e.g. font-mono). */
  controlClassName?: string;
}

type Passed<E> = Omit<E, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className' | 'children' | 'checked'>;

function useBound<T extends FieldValues, N extends FieldPath<T>, P>(control: Control<T, unknown, P>, name: N) {
  const { field, fieldState } = useController({ control, name });
  const { ref, value, onChange, onBlur } = field;
  return { ref, value: value as unknown, onChange, onBlur, error: fieldState.error?.message };
}

/** What a text control shows for a value (a draft holds strings; anything else shows as empty). */
const asText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export type TextFieldProps<T extends FieldValues, N extends FieldPath<T>, P> = BoundProps<T, N, P> & Passed<InputHTMLAttributes<HTMLInputElement>>;

/** A one-line text input (also numbers typed as text, e-mail addresses, …). */
export function TextField<T extends FieldValues, N extends FieldPath<T>, P>(props: TextFieldProps<T, N, P>) {
  const { control, name, label, id, hint, hideLabel, className, controlClassName, type = 'text', ...input } = props;
  const { ref, value, onChange, onBlur, error } = useBound(control, name);
  return (
    <Field id={id} label={label} hint={hint} hideLabel={hideLabel} error={error} className={className}>
      {(aria) => (
        <input
          {...input}
          {...aria}
          type={type}
          ref={ref}
          name={name}
          value={asText(value)}
          onChange={onChange}
          onBlur={onBlur}
          className={cn(fieldControl, controlClassName)}
        />
      )}
    </Field>
  );
}

export type TextAreaFieldProps<T extends FieldValues, N extends FieldPath<T>, P> = BoundProps<T, N, P> & Passed<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextAreaField<T extends FieldValues, N extends FieldPath<T>, P>(props: TextAreaFieldProps<T, N, P>) {
  const { control, name, label, id, hint, hideLabel, className, controlClassName, ...textarea } = props;
  const { ref, value, onChange, onBlur, error } = useBound(control, name);
  return (
    <Field id={id} label={label} hint={hint} hideLabel={hideLabel} error={error} className={className}>
      {(aria) => (
        <textarea
          {...textarea}
          {...aria}
          ref={ref}
          name={name}
          value={asText(value)}
          onChange={onChange}
          onBlur={onBlur}
          className={cn(fieldControl, controlClassName)}
        />
      )}
    </Field>
  );
}

export type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>, P> = BoundProps<T, N, P> &
  Passed<SelectHTMLAttributes<HTMLSelectElement>> & {
    /** The <option>s. */
    children: ReactNode;
  };

export function SelectField<T extends FieldValues, N extends FieldPath<T>, P>(props: SelectFieldProps<T, N, P>) {
  const { control, name, label, id, hint, hideLabel, className, controlClassName, children, ...select } = props;
  const { ref, value, onChange, onBlur, error } = useBound(control, name);
  return (
    <Field id={id} label={label} hint={hint} hideLabel={hideLabel} error={error} className={className}>
      {(aria) => (
        <select
          {...select}
          {...aria}
          ref={ref}
          name={name}
          value={asText(value)}
          onChange={onChange}
          onBlur={onBlur}
          className={cn(fieldControl, controlClassName)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

export type CheckboxFieldProps<T extends FieldValues, N extends FieldPath<T>, P> = Omit<BoundProps<T, N, P>, 'hideLabel'> &
  Passed<InputHTMLAttributes<HTMLInputElement>> & {
    /** role="switch" for an on/off setting. */
    role?: 'switch';
  };

/** A checkbox (or switch) with its label beside it, at least 44px tall. */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, P>(props: CheckboxFieldProps<T, N, P>) {
  const { control, name, label, id, hint, className, controlClassName, ...input } = props;
  const { ref, value, onChange, onBlur, error } = useBound(control, name);
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="flex min-h-11 items-center gap-3 text-slate-900">
        <input
          {...input}
          id={inputId}
          type="checkbox"
          ref={ref}
          name={name}
          checked={Boolean(value)}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          aria-invalid={Boolean(error)}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          className={cn('size-5 shrink-0 accent-brand-700', controlClassName)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
