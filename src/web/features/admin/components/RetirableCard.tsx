import { i18n } from '../../../lib/i18n';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card, fieldError } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { useFocusWhenMoved, type CardNote } from '../lib/card-notes';
import { describeFailure } from '../lib/problems';
import { slot } from '../../../components/ui/WithSlots';
import { WithHiddenName } from './HiddenName';

interface RetirableCardProps extends CardNote {
  /** Unique on the page ('hostel-<id>'); the edit form's element is `<id>-form`. */
  id: string;
  /** "Tower A": the card's title, and what screen readers hear after "Edit", "Retire", … */
  name: string;
  retired: boolean;
  'data-testid': string;
  /** Badges after the title (besides "Retired"). */
  badges?: ReactNode;
  /** A line under the title. */
  summary: ReactNode;
  /** More facts, under the title and the buttons. */
  details?: ReactNode;
  /** Retires the item (or brings it back); resolves to the confirmation to show. */
  toggleRetired: () => Promise<string>;
  toggling: boolean;
  /** The edit form; `done` closes it and shows its confirmation on the card. */
  renderForm: (done: (message: string) => void) => ReactNode;
}

/**
 * A hostel or a category in the console's lists: its facts, an Edit button that opens its form
 * in the card, and Retire / Bring back (which moves the card to the other list, with its
 * confirmation and the focus).
 */
export function RetirableCard(props: RetirableCardProps) {
  const { name, retired, badges, summary, details, toggleRetired, toggling, renderForm, message, onMessage, moved, onMoved } = props;
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useFocusWhenMoved(moved);
  const formId = `${props.id}-form`;
  const editId = `${props.id}-edit`;

  /** A save went through: its confirmation on the card, the form closed, and focus back on Edit (the Save button goes with the form). */
  function finishEditing(confirmation: string) {
    onMessage(confirmation);
    setEditing(false);
    document.getElementById(editId)?.focus();
  }

  async function handleToggle() {
    onMessage(null);
    setProblem(null);
    try {
      onMessage(await toggleRetired());
      onMoved();
    } catch (error) {
      setProblem(describeFailure(error, []).message);
    }
  }

  return (
    <li className={card} data-testid={props['data-testid']}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{name}</span>
            {retired && <Badge tone="warning">{i18n._('Retired')}</Badge>}
            {badges}
          </h3>
          {summary}
        </div>
        <div className="flex flex-wrap gap-2">
          {!retired && (
            <Button
              id={editId}
              aria-expanded={editing}
              aria-controls={editing ? formId : undefined}
              onClick={() => {
                setEditing(!editing);
                onMessage(null);
              }}
            >
              <WithHiddenName text={editing ? i18n._('Close {name}', { name: slot('name') }) : i18n._('Edit {name}', { name: slot('name') })} name={name} />
            </Button>
          )}
          <Button ref={toggle} pending={toggling} onClick={() => void handleToggle()}>
            <WithHiddenName text={retired ? i18n._('Bring back {name}', { name: slot('name') }) : i18n._('Retire {name}', { name: slot('name') })} name={name} />
          </Button>
        </div>
      </div>
      {details}
      <StatusMessage message={message} className="mt-3" />
      {problem && <p className={fieldError}>{problem}</p>}
      {editing && (
        <div id={formId}>
          {renderForm(finishEditing)}
        </div>
      )}
    </li>
  );
}

interface RetirableListsProps<T> {
  /** "hostels": names their headings' ids. */
  noun: string;
  /** How screen readers name the lists: "Hostels in use", "Retired hostels". */
  inUseLabel: string;
  retiredLabel: string;
  items: readonly T[];
  isRetired: (item: T) => boolean;
  renderItem: (item: T) => ReactNode;
  /** Shown instead of an empty "In use" list. */
  emptyInUse?: ReactNode;
}

/** "In use (n)" and, when there are any, "Retired (n)": the two lists of a console section. */
export function RetirableLists<T>({ noun, inUseLabel, retiredLabel, items, isRetired, renderItem, emptyInUse }: RetirableListsProps<T>) {
  const active = items.filter((item) => !isRetired(item));
  const retired = items.filter(isRetired);
  return (
    <>
      <section aria-labelledby={`active-${noun}-heading`} className="mt-8">
        <h2 id={`active-${noun}-heading`} className="text-xl font-semibold text-slate-900">
          {i18n._('In use ({count})', { count: active.length })}
        </h2>
        {active.length === 0 && emptyInUse ? (
          <p className={cn(card, 'mt-3 text-slate-800')}>{emptyInUse}</p>
        ) : (
          <ul className="mt-3 grid gap-3" aria-label={inUseLabel}>
            {active.map(renderItem)}
          </ul>
        )}
      </section>
      {retired.length > 0 && (
        <section aria-labelledby={`retired-${noun}-heading`} className="mt-8">
          <h2 id={`retired-${noun}-heading`} className="text-xl font-semibold text-slate-900">
            {i18n._('Retired ({count})', { count: retired.length })}
          </h2>
          <ul className="mt-3 grid gap-3" aria-label={retiredLabel}>
            {retired.map(renderItem)}
          </ul>
        </section>
      )}
    </>
  );
}
