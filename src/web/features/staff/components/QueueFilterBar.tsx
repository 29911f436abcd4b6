import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { STATUSES, STATUS_LABELS } from '../../../../shared/constants';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Select, TextInput } from '../../../components/ui/Controls';
import { fieldLabel } from '../../../components/ui/styles';
import { useCatalog } from '../../../lib/catalog';
import { floorSpan } from '../../../lib/catalog-hints';
import { cn } from '../../../lib/cn';
import {
  EMPTY_FILTERS,
  OPEN_STATUSES,
  hasFilters,
  isMyWork,
  normaliseStatuses,
  parseAssignee,
  parseDue,
  parseSort,
  queueCategories,
  subCategoriesOf,
  type QueueFilters,
} from '../lib/filters';
import { i18n } from '../../../lib/i18n';
import { useLocalNames } from '../../../lib/local-names';

interface QueueFilterBarProps {
  filters: QueueFilters;
  onChange: (filters: QueueFilters) => void;
  /** After a search made with Enter in the box: the queue then opens its first result. */
  onSearch: () => void;
}

const OPEN_VALUE = OPEN_STATUSES.join(',');

function SelectField({
  id,
  label,
  value,
  onChange,
  disabled = false,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <Select id={id} className="mt-1" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}

/**
 * The queue's search and filters, one row on a phone: the words, Search, and a button that shows
 * the filter choices. Choices in a select apply at once; the words to search for and the age apply
 * with the Search button (or Enter, which also opens the first result), so the queue is not asked
 * again at every keystroke. Escape leaves the search box, so the queue's shortcuts work again.
 */
export function QueueFilterBar({ filters, onChange, onSearch }: QueueFilterBarProps) {
  // Typed but not yet applied; a change in the address bar (back button, Clear) resets them.
  const [draft, setDraft] = useState({ q: filters.q, olderThanDays: filters.olderThanDays });
  const [applied, setApplied] = useState({ q: filters.q, olderThanDays: filters.olderThanDays });
  if (applied.q !== filters.q || applied.olderThanDays !== filters.olderThanDays) {
    setApplied({ q: filters.q, olderThanDays: filters.olderThanDays });
    setDraft({ q: filters.q, olderThanDays: filters.olderThanDays });
  }

  const olderThanDays = /^\d{1,4}$/.test(draft.olderThanDays.trim()) ? String(Number(draft.olderThanDays)) : '';
  const apply = (changes: Partial<QueueFilters>) =>
    onChange({ ...filters, q: draft.q.trim(), olderThanDays, ...changes });

  // Enter in the box (not the Search button) also opens the first result.
  const [viaEnter, setViaEnter] = useState(false);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply({});
    if (viaEnter) onSearch();
    setViaEnter(false);
  }

  const [expanded, setExpanded] = useState(false);
  const active = [
    filters.status.length > 0,
    filters.category,
    filters.subCategory,
    filters.hostel,
    filters.floor,
    filters.olderThanDays,
    filters.assignee,
    filters.due,
    filters.escalated,
  ].filter(Boolean).length;

  const statusValue = filters.status.join(',');
  const statusIsPreset = statusValue === '' || statusValue === OPEN_VALUE || filters.status.length === 1;
  // The choices come from the catalogue; while it loads, a filter already set is still offered.
  const catalog = useCatalog().data;
  const names = useLocalNames();
  const categories = catalog ? queueCategories(catalog) : [];
  const subCategories = subCategoriesOf(catalog, filters.category);
  const hostels = catalog ? catalog.hostels.map((h) => h.name) : [];
  const floors = floorSpan(catalog?.hostels ?? []);
  const floorChoices = floors
    ? Array.from({ length: floors.floorMax - Math.max(0, floors.floorMin) + 1 }, (_, i) => String(Math.max(0, floors.floorMin) + i))
    : [];
  const withCurrent = (choices: readonly string[], current: string) =>
    current && !choices.includes(current) ? [...choices, current] : choices;

  return (
    <form
      role="search"
      aria-label={i18n._('Filter the queue')}
      className="mt-3 sm:mt-4 sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-4 sm:shadow-sm"
      onSubmit={handleSubmit}
    >
      {/* On a phone the row itself says what it is (placeholder, Search button): the label is for screen readers there. */}
      <label htmlFor="queue-q" className={cn(fieldLabel, 'sr-only sm:not-sr-only')}>
        {i18n._('Search messages, rooms, numbers and students')}
      </label>
      <div className="flex items-center gap-2 sm:mt-1">
        <TextInput
          id="queue-q"
          type="search"
          aria-keyshortcuts="/"
          className="min-w-0 flex-1"
          placeholder={i18n._('Messages, rooms, numbers, students')}
          value={draft.q}
          maxLength={200}
          onChange={(event) => setDraft((d) => ({ ...d, q: event.target.value }))}
          onKeyDown={(event) => {
            setViaEnter(event.key === 'Enter');
            // Leaving the box (Chrome would clear it): j, k and a are shortcuts again.
            if (event.key === 'Escape') {
              event.preventDefault();
              event.currentTarget.blur();
            }
          }}
        />
        <Button type="submit" variant="primary" size="narrow" className="shrink-0 sm:px-4">
          {i18n._('Search')}
        </Button>
        {/* The choices fold away behind a button on every screen: the views and status chips
            cover most days, and the queue itself starts in view. */}
        <Button
          size="narrow"
          className="shrink-0 sm:px-4"
          aria-expanded={expanded}
          aria-controls="queue-filter-choices"
          onClick={() => setExpanded(!expanded)}
        >
          {i18n._('Filters')}
          {active > 0 && (
            <span className="rounded-full bg-slate-900 px-1.5 text-xs text-white tabular-nums">
              {active}
              <span className="sr-only"> {i18n._('active')}</span>
            </span>
          )}
        </Button>
      </div>

      <div
        id="queue-filter-choices"
        className={cn(expanded ? 'grid' : 'hidden', 'mt-4 gap-4 sm:grid-cols-2 lg:grid-cols-4')}
      >
        <SelectField
          id="queue-status"
          label={i18n._('Status')}
          value={statusValue}
          onChange={(value) => apply({ status: normaliseStatuses(value.split(',')) })}
        >
          <option value="">{i18n._('Any status')}</option>
          <option value={OPEN_VALUE}>{i18n._('Open (not resolved yet)')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(STATUS_LABELS[status])}
            </option>
          ))}
          {!statusIsPreset && (
            <option value={statusValue}>{filters.status.map((s) => i18n._(STATUS_LABELS[s])).join(', ')}</option>
          )}
        </SelectField>

        <SelectField
          id="queue-category"
          label={i18n._('Category')}
          value={filters.category}
          onChange={(value) => apply({ category: value, subCategory: '' })}
        >
          <option value="">{i18n._('Any category')}</option>
          {categories.map((category) => (
            <option key={category.key} value={category.key}>
              {names.category(category.key, category.label)}
            </option>
          ))}
          {filters.category && !categories.some((c) => c.key === filters.category) && (
            <option value={filters.category}>{filters.category}</option>
          )}
        </SelectField>

        <SelectField
          id="queue-sub-category"
          label={i18n._('Sub-category')}
          value={filters.subCategory}
          disabled={subCategories.length === 0 && !filters.subCategory}
          onChange={(value) => apply({ subCategory: value })}
        >
          <option value="">{subCategories.length || filters.subCategory ? i18n._('Any sub-category') : i18n._('Choose a category first')}</option>
          {withCurrent(subCategories, filters.subCategory).map((sub) => (
            <option key={sub} value={sub}>
              {names.subCategory(filters.category, sub)}
            </option>
          ))}
        </SelectField>

        <SelectField id="queue-hostel" label={i18n._('Hostel')} value={filters.hostel} onChange={(value) => apply({ hostel: value })}>
          <option value="">{i18n._('Any hostel')}</option>
          {withCurrent(hostels, filters.hostel).map((hostel) => (
            <option key={hostel} value={hostel}>
              {names.hostel(hostel)}
            </option>
          ))}
        </SelectField>

        <SelectField id="queue-floor" label={i18n._('Floor')} value={filters.floor} onChange={(value) => apply({ floor: value })}>
          <option value="">{i18n._('Any floor')}</option>
          {withCurrent(floorChoices, filters.floor).map((floor) => (
            <option key={floor} value={floor}>
              {floor === '0' ? i18n._('Ground (0)') : floor}
            </option>
          ))}
        </SelectField>

        <div>
          <label htmlFor="queue-age" className={fieldLabel}>
            {i18n._('Older than (days)')}
          </label>
          <TextInput
            id="queue-age"
            type="number"
            inputMode="numeric"
            min={0}
            max={3650}
            step={1}
            className="mt-1"
            value={draft.olderThanDays}
            onChange={(event) => setDraft((d) => ({ ...d, olderThanDays: event.target.value }))}
          />
        </div>

        <SelectField
          id="queue-assignee"
          label={i18n._('Assigned to')}
          value={filters.assignee}
          onChange={(value) => apply({ assignee: parseAssignee(value) })}
        >
          <option value="">{i18n._('Anyone')}</option>
          <option value="me_or_none">{i18n._('Me or nobody')}</option>
          <option value="me">{i18n._('Me')}</option>
          <option value="none">{i18n._('Nobody (unassigned)')}</option>
        </SelectField>

        <SelectField id="queue-due" label={i18n._('Due')} value={filters.due ?? ''} onChange={(value) => apply({ due: parseDue(value) })}>
          <option value="">{i18n._('Any time')}</option>
          <option value="overdue">{i18n._('Overdue')}</option>
          <option value="today">{i18n._('Due today (next 24 hours)')}</option>
        </SelectField>

        <div className="flex items-end">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
            <Checkbox
              checked={Boolean(filters.escalated)}
              onChange={(event) => apply({ escalated: event.target.checked })}
            />
            {i18n._('Only escalated (wardens or admins told it is late)')}
          </label>
        </div>

        <SelectField id="queue-sort" label={i18n._('Order')} value={filters.sort} onChange={(value) => apply({ sort: parseSort(value) })}>
          <option value="due">{i18n._('Due soonest (open only; more students affected first)')}</option>
          <option value="newest">{i18n._('Newest first')}</option>
          <option value="oldest">{i18n._('Oldest first')}</option>
        </SelectField>
      </div>

      {hasFilters(filters) && !isMyWork(filters) && (
        <Button className="mt-4 w-full sm:w-auto" onClick={() => onChange({ ...EMPTY_FILTERS, sort: filters.sort })}>
          {i18n._('Clear filters')}
        </Button>
      )}
    </form>
  );
}
