import { useEffect, useRef } from 'react';
import type { CreateCleaningRequest } from '../../../../shared/complaints';
import { Button } from '../../../components/ui/Button';
import { i18n } from '../../../lib/i18n';

interface CleaningQuestionProps {
  asking: CreateCleaningRequest;
  /** The hostel's name in the reader's language. */
  hostelName: string;
  onYes: () => void;
  onCancel: () => void;
}

/** Seed §5: "Confirm room cleaning at {room}?", asked in the page; the answer is one keypress away (Yes has the focus, Escape cancels). */
export function CleaningQuestion({ asking, hostelName, onYes, onCancel }: CleaningQuestionProps) {
  const yesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    yesButton.current?.focus();
  }, [asking]);
  return (
    <div
      role="alertdialog"
      aria-labelledby="cleaning-question"
      aria-describedby="cleaning-question-note"
      className="rounded-lg border border-brand-500 bg-brand-50 p-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id="cleaning-question" className="text-lg font-semibold text-slate-900">
        {i18n._('Confirm room cleaning at {roomNo}?', { roomNo: asking.roomNo })}
      </p>
      <p id="cleaning-question-note" className="mt-1 text-sm text-slate-700">
        {i18n._('{hostel}. Nothing is sent until you say yes.', { hostel: hostelName })}
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <Button ref={yesButton} variant="primary" className="w-full sm:w-auto" onClick={onYes}>
          {i18n._('Yes, request cleaning')}
        </Button>
        <Button className="w-full sm:w-auto" onClick={onCancel}>
          {i18n._('Cancel')}
        </Button>
      </div>
    </div>
  );
}
