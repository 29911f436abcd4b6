/** Shared Tailwind class lists, so every button and link looks and focuses the same way. */
const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonPrimary = `${buttonBase} bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900`;

export const buttonSecondary = `${buttonBase} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`;

export const textLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

export const pageContainer = 'mx-auto w-full max-w-5xl px-4 sm:px-6';
