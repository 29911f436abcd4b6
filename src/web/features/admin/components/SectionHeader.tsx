import type { ReactNode } from 'react';
import { i18n } from '../../../lib/i18n';
import { PageHeading } from '../../../components/ui/PageHeading';

/** The heading and document title of one console section, with a line on what it is for. */
export function SectionHeader({ title, id, children }: { title: string; id: string; children?: ReactNode }) {
  return (
    <>
      <PageHeading id={id} title={i18n._('{title} · Admin · Hostel Complaint Portal', { title })}>
        {title}
      </PageHeading>
      {children && <div className="mt-2 max-w-prose text-slate-700">{children}</div>}
    </>
  );
}
