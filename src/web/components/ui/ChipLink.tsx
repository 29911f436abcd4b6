import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { chip } from './styles';

/**
 * A chip that goes somewhere instead of choosing (the Others form's Ragging opens the ragging form),
 * beside ChoiceChips' choices: a link, so arrow keys moving through the choices never leave the page.
 */
export function ChipLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={`${chip} hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700`}
    >
      {children}
    </Link>
  );
}
