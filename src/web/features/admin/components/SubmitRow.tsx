import type { ReactNode } from 'react';
import { StatusMessage } from '../../../components/ui/StatusMessage';

interface SubmitRowProps {
  /** The form's submit button (and any buttons beside it). */
  children: ReactNode;
  /** The confirmation of the last save: shown right beside the button that was pressed. */
  status: ReactNode;
}

/** A form's last row: its button, and where the confirmation of a save appears, in view of it. */
export function SubmitRow({ children, status }: SubmitRowProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {children}
      <StatusMessage message={status} />
    </div>
  );
}
