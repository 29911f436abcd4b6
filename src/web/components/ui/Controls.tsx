import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { fieldControl } from './styles';

/*
 * The native controls, for what no form holds: a filter bar, a search box, a list's own
 * checkboxes. A form's fields are the bound ones in FormFields.tsx, which are built on these.
 * Each takes every native attribute; `className` adds to the portal's look (joined, not merged:
 * the prerendered pages use them, see lib/cn.ts), `unstyled` leaves the look to `className`.
 */

interface Look {
  unstyled?: boolean;
}

const join = (base: string, unstyled: boolean | undefined, className: string | undefined) =>
  [unstyled ? '' : base, className ?? ''].filter(Boolean).join(' ') || undefined;

type TextType = 'text' | 'search' | 'email' | 'number' | 'date' | 'time' | 'datetime-local' | 'tel' | 'url' | 'password';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>, Look {
  type?: TextType;
  ref?: Ref<HTMLInputElement>;
}

/** A one-line text control (also numbers, dates and times, a search). */
export function TextInput({ type = 'text', unstyled, className, ref, ...rest }: TextInputProps) {
  return <input {...rest} ref={ref} type={type} className={join(fieldControl, unstyled, className)} />;
}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, Look {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ unstyled, className, ref, ...rest }: TextAreaProps) {
  return <textarea {...rest} ref={ref} className={join(fieldControl, unstyled, className)} />;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, Look {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ unstyled, className, ref, children, ...rest }: SelectProps) {
  return (
    <select {...rest} ref={ref} className={join(fieldControl, unstyled, className)}>
      {children}
    </select>
  );
}

const tick = 'size-5 shrink-0 accent-brand-700';

export interface TickProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>, Look {
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox; its label is the caller's (a wrapping <label> or htmlFor). */
export function Checkbox({ unstyled, className, ref, ...rest }: TickProps) {
  return <input {...rest} ref={ref} type="checkbox" className={join(tick, unstyled, className)} />;
}

/** One choice of a radio group; the group's name and legend are the caller's. */
export function Radio({ unstyled, className, ref, ...rest }: TickProps) {
  return <input {...rest} ref={ref} type="radio" className={join(tick, unstyled, className)} />;
}

export interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
}

/** A file picker, usually hidden behind a Button that opens it (its look is the caller's). */
export function FileInput({ ref, ...rest }: FileInputProps) {
  return <input {...rest} ref={ref} type="file" />;
}
