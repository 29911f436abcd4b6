import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { To } from 'react-router';
import { textLink } from './styles';
import { DocumentTitle } from '../DocumentTitle';

interface PageHeadingProps {
  /** For the page's `aria-labelledby`. */
  id: string;
  /** The document title, when this heading sets it. */
  title?: string;
  children: ReactNode;
}

/**
 * The page's one <h1> (and, with `title`, the document's title). It takes no classes: the page
 * spaces what is around it (so the prerendered pages that use it need no class merging).
 */
export function PageHeading({ id, title, children }: PageHeadingProps) {
  return (
    <>
      {title !== undefined && <DocumentTitle>{title}</DocumentTitle>}
      <h1 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {children}
      </h1>
    </>
  );
}

/** "‹ Back to …" above a page's heading: a 44px tall link to the list the page came from. */
export function BackLink({ to, children }: { to: To; children: ReactNode }) {
  return (
    <Link to={to} className={`${textLink} mb-2 flex min-h-11 w-fit items-center gap-1`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0">
        <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0" />
      </svg>
      {children}
    </Link>
  );
}
