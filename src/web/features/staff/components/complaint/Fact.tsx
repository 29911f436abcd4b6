import type { ReactNode } from 'react';

/**
 * One labelled fact of the side column: the label above its value at every width, since the
 * column is narrow at a desk too (a side-by-side row would leave an address a few letters wide).
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-100 py-2 last:border-b-0">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}
