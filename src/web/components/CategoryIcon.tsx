import type { ReactNode } from 'react';

/** Drawings for the seed's six categories; a category an administrator adds gets `generic`. */
const paths: Record<string, ReactNode> = {
  wifi: (
    <>
      <path d="M2 8.8a15 15 0 0 1 20 0M5 12.9a10 10 0 0 1 14 0M8.5 16.4a5 5 0 0 1 7 0" />
      <path d="M12 20h.01" />
    </>
  ),
  carpenter: <path d="M4 10h16v4H4zM6 14v6M18 14v6M6 10V5h12v5" />,
  water: <path d="M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z" />,
  mess: <path d="M7 3v8M4 3v5a3 3 0 0 0 6 0V3M7 11v10M17 21V3c-2 0-3.5 2.5-3.5 6s1.5 4 3.5 4" />,
  electricity: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  other: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </>
  ),
};

const generic = (
  <>
    <path d="M9 4h6a1 1 0 0 1 1 1v1H8V5a1 1 0 0 1 1-1z" />
    <path d="M8 5H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-2M9 12h6M9 16h4" />
  </>
);

/** A decorative line icon for a complaint category (hidden from screen readers). */
export function CategoryIcon({ category, className = 'size-6' }: { category: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {Object.hasOwn(paths, category) ? paths[category] : generic}
    </svg>
  );
}
