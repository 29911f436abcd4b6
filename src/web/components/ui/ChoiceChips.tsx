import type { ReactNode } from 'react';
import { chip, fieldError, fieldLabel } from './styles';

export interface ChoiceChipsProps {
  /** The group's id: the form focuses it when it holds the first problem. */
  id: string;
  options: readonly string[];
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** The question the chips answer. */
  label: string;
  /** What a chip says for its value (the value itself when left out). */
  optionLabel?: (option: string) => string;
  /** Shown before the choices, on the same row (a ChipLink). */
  before?: ReactNode;
}

/**
 * One answer out of a few, as large chips, one tap each (radio buttons, so arrow keys move between
 * them and a screen reader hears a group of choices), instead of a select the student has to open.
 */
export function ChoiceChips({ id, options, value, error, onChange, label, optionLabel = (option) => option, before }: ChoiceChipsProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div>
      <p id={labelId} className={fieldLabel}>
        {label}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {before}
        <div
          id={id}
          role="radiogroup"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-required="true"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="flex flex-wrap gap-2 outline-none"
        >
          {options.map((option) => (
            <label
              key={option}
              className={`${chip} has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700`}
            >
              <input
                type="radio"
                name={id}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full outline-none"
              />
              <span className="pointer-events-none relative">{optionLabel(option)}</span>
            </label>
          ))}
        </div>
      </div>
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
