import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { buttonFrame, buttonPadding, buttonTones, textLink } from './styles';

/*
 * The portal's one button. A variant says what the button is for; `pending` is the state while
 * what it started is on its way: the button is disabled (no second tap sends twice), busy for a
 * screen reader, and says what is happening (`pendingLabel`, e.g. "Sending…") beside a spinner.
 *
 * The frame and the prerendered pages use it, so classes are joined, not merged (lib/cn.ts):
 * `className` adds layout (margins, widths, shrink), the size says the padding.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link' | 'plain';
export type ButtonSize = 'md' | 'narrow' | 'sm';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** A button never submits by accident: 'button' unless said otherwise. */
  type?: 'button' | 'submit' | 'reset';
  /** 'plain' takes its whole look from `className` (a chip, an icon, a row that is a button). */
  variant?: ButtonVariant;
  size?: ButtonSize;
  pending?: boolean;
  /** What the button says while pending; its own words when left out. */
  pendingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

type BoxedVariant = keyof typeof buttonTones;
const isBoxed = (variant: ButtonVariant): variant is BoxedVariant => variant in buttonTones;

/*
 * A size is the whole padding, never an addition to another: classes are joined, not merged, and
 * of two paddings in one class list the stylesheet's order, not the list's, would win.
 */
const sizes: Record<ButtonSize, string> = {
  md: buttonPadding,
  narrow: 'min-h-11 px-3 py-2',
  sm: 'min-h-9 px-3 py-1',
};

const look = (variant: ButtonVariant, size: ButtonSize): string => {
  if (isBoxed(variant)) return `${buttonFrame} ${sizes[size]} ${buttonTones[variant]}`;
  return variant === 'link' ? textLink : '';
};

export function Button({
  type = 'button',
  variant = 'secondary',
  size = 'md',
  pending = false,
  pendingLabel,
  disabled,
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  const classes = [look(variant, size), className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled === true || pending}
      aria-busy={pending || undefined}
      className={classes || undefined}
    >
      {pending && isBoxed(variant) && (
        <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent" />
      )}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
