/** Shared Tailwind class lists, so every button and link looks and focuses the same way. */
/** A boxed button's frame; its padding comes with its size (Button's `size`), its colours with its tone. */
export const buttonFrame =
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** The default size's padding: a 44-pixel target for a thumb. */
export const buttonPadding = 'min-h-11 px-4 py-2';

export const buttonTones = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  /** A button whose action cannot be taken back by Undo (delete, close for good). */
  danger: 'border border-red-700 bg-white text-red-800 hover:bg-red-50',
} as const;

export const buttonPrimary = `${buttonFrame} ${buttonPadding} ${buttonTones.primary}`;

export const buttonSecondary = `${buttonFrame} ${buttonPadding} ${buttonTones.secondary}`;

export const buttonDanger = `${buttonFrame} ${buttonPadding} ${buttonTones.danger}`;

export const textLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

export const pageContainer = 'mx-auto w-full max-w-5xl px-4 sm:px-6';

/** The header's width, for pages whose content is a wide table (the staff queue at a desk). */
export const widePageContainer = 'mx-auto w-full max-w-7xl px-4 sm:px-6';

/** Inputs, selects and textareas: full width, 44px tall, a red border when aria-invalid. */
export const fieldControl =
  'block w-full min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 ' +
  'shadow-sm placeholder:text-slate-500 disabled:bg-slate-100 aria-[invalid=true]:border-red-700 ' +
  'aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

export const fieldLabel = 'block text-sm font-semibold text-slate-900';

export const fieldError = 'mt-1 text-sm font-medium text-red-800';

export const fieldHint = 'mt-1 text-sm text-slate-600';

export const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** A large one-tap chip (ChoiceChips' choices, ChipLink). */
export const chip = 'relative inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-base font-medium text-slate-900';
