import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class lists (strings, arrays, `{ class: condition }` objects) and lets a later Tailwind
 * class win over an earlier one of the same kind: `cn(buttonSecondary, 'px-3')` pads by 3, not 4.
 *
 * tailwind-merge is about 9 kB (gzip), so it stays out of the first download and out of the
 * prerendered public pages (home, Complaints and their forms, Assistance, About Us): their
 * components (Alert, LoadingStatus, SignInButton, Field, PageHeading, BackLink, CatalogGate, the
 * layout) only append margins and widths, which never fight their base classes, and do not
 * import this. Everything else that merges a base style with a passed class list uses it.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
