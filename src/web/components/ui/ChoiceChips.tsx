import { fieldError, fieldLabel } from './styles';

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
}

/**
 * One answer out of a few, as large chips, one tap each (radio buttons, so arrow keys move between
 * them and a screen reader hears a group of choices), instead of a select the student has to open.
 */
export function ChoiceChips({ id, options, value, error, onChange, label, optionLabel = (option) => option }: ChoiceChipsProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div>
      <p id={labelId} className={fieldLabel}>
        {label}
      </p>
      <div
        id={id}
        role="radiogroup"
        tabIndex={-1}
        aria-labelledby={labelId}
        aria-required="true"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className="mt-2 flex flex-wrap gap-2 outline-none"
      >
        {options.map((option) => (
          <label
            key={option}
            className="relative inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-base font-medium text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
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
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
