import { STATUS_LABELS, type ComplaintStatus } from '../../../../shared/constants';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';

interface Step {
  label: string;
  state: 'done' | 'current' | 'todo' | 'ended' | 'skipped';
}

const PATH: readonly ComplaintStatus[] = ['submitted', 'acknowledged', 'in_progress', 'resolved', 'closed'];

/**
 * The steps of a complaint for its student: the usual path, with where it stands now. A reopened
 * complaint stands at "Reopened" again; a rejected or withdrawn one ends after "Submitted".
 */
export function stepsFor(status: ComplaintStatus, reached?: ReadonlySet<ComplaintStatus>): Step[] {
  if (status === 'rejected' || status === 'withdrawn') {
    return [
      { label: STATUS_LABELS.submitted, state: 'done' },
      { label: STATUS_LABELS[status], state: 'ended' },
    ];
  }
  const path = status === 'reopened' ? (['submitted', 'reopened', 'in_progress', 'resolved', 'closed'] as const) : PATH;
  const at = path.indexOf(status);
  return path.map((step, index) => ({
    label: STATUS_LABELS[step],
    // The last step reached is done, not in progress: a closed complaint is finished. A step the
    // team went past without taking (resolved straight from submitted) is skipped, not done.
    state:
      index < at && reached && index > 0 && !reached.has(step)
        ? 'skipped'
        : index < at || (index === at && status === 'closed')
          ? 'done'
          : index === at
            ? 'current'
            : 'todo',
  }));
}

const dot: Record<Step['state'], string> = {
  done: 'border-brand-700 bg-brand-700 text-white',
  current: 'border-brand-700 bg-white text-brand-800 ring-3 ring-brand-200',
  todo: 'border-slate-300 bg-white text-slate-500',
  ended: 'border-slate-600 bg-slate-600 text-white',
  skipped: 'border-dashed border-slate-400 bg-white text-slate-500',
};
const spoken: Record<Step['state'], () => string> = {
  done: () => i18n._('done'),
  current: () => i18n._('now'),
  todo: () => i18n._('still to come'),
  ended: () => i18n._('ended here'),
  skipped: () => i18n._('skipped'),
};

/**
 * "Submitted → Acknowledged → …" at the top of the student's complaint, the current step marked.
 * Labels are never broken inside a word ("Acknowledged" stays whole). Across when the five fit side
 * by side (the stepper's own width, a container query), each step as wide as its longest word at
 * least; one under the other when they do not (the narrowest phones). Each step draws the half of
 * the line on either side of its dot, so neighbours of different widths still join.
 */
export function StatusStepper({ status, reached }: { status: ComplaintStatus; reached?: ReadonlySet<ComplaintStatus> }) {
  const steps = stepsFor(status, reached);
  const line = (step: Step | undefined) => (step?.state === 'todo' ? 'bg-slate-300' : 'bg-brand-700');
  return (
    <nav aria-label={i18n._('Progress')} className="@container mt-4">
      <ol className="flex flex-col @min-[22rem]:flex-row @min-[22rem]:items-start @min-[22rem]:gap-x-2" data-testid="status-stepper">
        {steps.map((step, index) => (
          <li
            key={step.label}
            aria-current={step.state === 'current' || step.state === 'ended' ? 'step' : undefined}
            data-state={step.state}
            className="relative flex flex-1 items-center gap-3 py-1 @min-[22rem]:flex-col @min-[22rem]:gap-0 @min-[22rem]:py-0 @min-[22rem]:text-center"
          >
            {/* The line into this step, and the line out to the next (coloured by whether the next was reached). */}
            {index > 0 && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-0 bottom-1/2 left-[13px] w-0.5 @min-[22rem]:top-3.5 @min-[22rem]:bottom-auto @min-[22rem]:-left-1 @min-[22rem]:right-1/2 @min-[22rem]:h-0.5 @min-[22rem]:w-auto',
                  line(step),
                )}
              />
            )}
            {index < steps.length - 1 && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-1/2 bottom-0 left-[13px] w-0.5 @min-[22rem]:top-3.5 @min-[22rem]:bottom-auto @min-[22rem]:-right-1 @min-[22rem]:left-1/2 @min-[22rem]:h-0.5 @min-[22rem]:w-auto',
                  line(steps[index + 1]),
                )}
              />
            )}
            <span aria-hidden="true" className={cn('relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold', dot[step.state])}>
              {step.state === 'done' ? '✓' : step.state === 'skipped' ? '–' : index + 1}
            </span>
            <span
              className={cn(
                'text-sm leading-tight @min-[22rem]:mt-1 @min-[22rem]:text-xs @min-[36rem]:text-sm',
                step.state === 'todo' || step.state === 'skipped' ? 'text-slate-600' : 'font-semibold text-slate-900',
              )}
            >
              {i18n._(step.label)}
              <span className="sr-only"> ({spoken[step.state]()})</span>
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
