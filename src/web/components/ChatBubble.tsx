import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/format';

/**
 * One message of a conversation as the person following it reads it: theirs on the right in the
 * brand colour, the other side's on the left, each headed by who and when. Used by the student's
 * complaint page and the anonymous reporter's thread alike.
 */
export function ChatBubble({ mine, title, at, children, kind }: { mine: boolean; title: string; at: string; children: ReactNode; kind: string }) {
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-kind={kind}>
      <div
        className={cn(
          'max-w-[85%] min-w-0 rounded-2xl px-4 py-3 shadow-sm',
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
        )}
      >
        <p className={cn('text-xs font-semibold', mine ? 'text-brand-50' : 'text-slate-600')}>
          {title} · <time dateTime={at}>{formatDateTime(at)}</time>
        </p>
        <div className="mt-1 whitespace-pre-line wrap-anywhere">{children}</div>
      </div>
    </li>
  );
}
