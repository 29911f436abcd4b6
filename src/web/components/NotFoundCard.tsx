import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { buttonPrimary, card } from './ui/styles';

interface NotFoundCardProps {
  title: string;
  /** Why it may be missing. */
  children: ReactNode;
  /** Where to go instead, and the link's words. */
  to: string;
  linkLabel: string;
  'data-testid'?: string;
}

/** Something the address names does not exist (for this user): what may have happened, and a way on. */
export function NotFoundCard({ title, children, to, linkLabel, ...rest }: NotFoundCardProps) {
  return (
    <div className={cn(card, 'mt-6')} data-testid={rest['data-testid']}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-700">{children}</p>
      <Link to={to} className={cn(buttonPrimary, 'mt-4')}>
        {linkLabel}
      </Link>
    </div>
  );
}
