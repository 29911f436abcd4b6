import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_TARGET_TYPES, type AuditEntry } from '../../../../shared/admin';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { LoadError } from '../../../components/ui/LoadError';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card, fieldControl } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { AUDIT_FILTER_NAMES, auditParams, useAudit, type AuditFilters } from '../api/get-audit';
import { SectionHeader } from './SectionHeader';

const EMPTY: AuditFilters = { q: '', action: '', targetType: '', actor: '', from: '', to: '' };

function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters = { ...EMPTY };
  for (const name of AUDIT_FILTER_NAMES) filters[name] = params.get(name) ?? '';
  return filters;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}

interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields `details.before` and `details.after` differ in; null when the entry has neither. A
 * side that is missing (a creation has no before) counts as empty, so each field is listed.
 */
export function changesOf(details: Record<string, unknown>): Change[] | null {
  const { before, after } = details;
  if (before === undefined && after === undefined) return null;
  const b = before === undefined || before === null ? {} : before;
  const a = after === undefined || after === null ? {} : after;
  if (!isRecord(b) || !isRecord(a)) {
    return JSON.stringify(b) === JSON.stringify(a) ? [] : [{ field: '', before, after }];
  }
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: b[field], after: a[field] }));
}

function ChangeList({ changes, sides }: { changes: Change[]; sides: { before: boolean; after: boolean } }) {
  if (changes.length === 0) return <p className="mt-2 text-sm text-slate-600">Nothing changed.</p>;
  return (
    <ul className="mt-2 space-y-2 text-sm" aria-label="Changes">
      {changes.map((c) => (
        <li key={c.field || 'value'} className="min-w-0 rounded-lg bg-slate-50 p-2">
          {c.field && <p className="font-medium break-words text-slate-900">{c.field}</p>}
          {sides.before && (
            <p className="break-words text-red-900">
              <span className="font-medium">Before: </span>
              {c.before === undefined ? '—' : <del className="decoration-red-400">{show(c.before)}</del>}
            </p>
          )}
          {sides.after && (
            <p className="break-words text-green-900">
              <span className="font-medium">{sides.before ? 'After: ' : 'Set to: '}</span>
              {c.after === undefined ? '—' : <ins className="no-underline">{show(c.after)}</ins>}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function EntryCard({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry.details);
  const other = Object.entries(entry.details).filter(([key]) => key !== 'before' && key !== 'after');
  return (
    <li className={card} data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-semibold text-slate-900">{entry.action}</code>
        <Badge>{entry.targetType}</Badge>
      </div>
      <p className="mt-1 font-medium break-words text-slate-900">{entry.targetLabel || entry.targetId}</p>
      <p className="mt-1 text-sm text-slate-700">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
        {entry.actor ? (
          <>
            by {entry.actor.name || entry.actor.email}
            {entry.actor.name && <span className="break-all"> ({entry.actor.email})</span>}
          </>
        ) : (
          'by the portal itself'
        )}
      </p>
      {changes && (
        <ChangeList
          changes={changes}
          sides={{ before: entry.details.before !== undefined && entry.details.before !== null, after: entry.details.after !== undefined && entry.details.after !== null }}
        />
      )}
      {other.length > 0 && (
        <dl className="mt-2 space-y-1 text-sm">
          {other.map(([key, value]) => (
            <div key={key} className="min-w-0">
              <dt className="inline font-medium text-slate-600">{key}: </dt>
              <dd className="inline break-words text-slate-900">{show(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState(filters);
  const [seen, setSeen] = useState(filters);
  // Back/forward changes the address; the form follows it.
  if (auditParams(seen).toString() !== auditParams(filters).toString()) {
    setSeen(filters);
    setDraft(filters);
  }
  const set = (name: keyof AuditFilters, value: string) => setDraft({ ...draft, [name]: value });
  const text = (name: 'q' | 'action' | 'actor', label: string, hint?: string) => (
    <Field id={`audit-${name}`} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="search"
          autoComplete="off"
          maxLength={name === 'actor' ? 200 : 100}
          className={fieldControl}
          value={draft[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      )}
    </Field>
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form role="search" aria-label="Audit log" className={cn(card, 'mt-6 space-y-4')} onSubmit={handleSubmit}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text('q', 'Search', 'Words in the action, the target or the person.')}
        {text('action', 'Action', 'Exactly, e.g. hostel.create')}
        <Field id="audit-target-type" label="Target">
          {(control) => (
            <select {...control} className={fieldControl} value={draft.targetType} onChange={(event) => set('targetType', event.target.value)}>
              <option value="">Anything</option>
              {AUDIT_TARGET_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('actor', 'Done by (e-mail)', 'Part of the address is enough.')}
        <Field id="audit-from" label="From (day)">
          {(control) => (
            <input {...control} type="date" className={fieldControl} value={draft.from} onChange={(event) => set('from', event.target.value)} />
          )}
        </Field>
        <Field id="audit-to" label="To (day)">
          {(control) => (
            <input {...control} type="date" className={fieldControl} value={draft.to} onChange={(event) => set('to', event.target.value)} />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonPrimary}>
          Show entries
        </button>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => {
            setDraft(EMPTY);
            onApply(EMPTY);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}

/** Route /admin/audit: who changed what, newest first. Read-only. */
export function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const audit = useAudit(filters);
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const moreError = audit.isFetchNextPageError ? audit.error : null;
  const filtered = auditParams(filters).size > 0;

  return (
    <section aria-labelledby="audit-heading">
      <SectionHeader title="Audit log" id="audit-heading">
        Every change to the university, its hostels, categories, services and people, and every action on a complaint that
        needs a record, newest first.
      </SectionHeader>
      <FilterForm filters={filters} onApply={(next) => void setSearchParams(auditParams(next), { preventScrollReset: true })} />
      {audit.isPending ? (
        <LoadingStatus label="Loading the audit log…" />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : items.length === 0 ? (
        <p className={cn(card, 'mt-4 text-slate-800')} data-testid="audit-empty">
          {filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}
        </p>
      ) : (
        <>
          <ul className="mt-4 grid gap-3" aria-label="Audit entries, newest first">
            {items.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </ul>
          {audit.isFetchingNextPage && <LoadingStatus label="Loading more entries…" />}
          {moreError !== null && (
            <Alert className="mt-4">
              <p>{errorMessage(moreError)}</p>
            </Alert>
          )}
          {audit.hasNextPage && !audit.isFetchingNextPage && (
            <button type="button" className={cn(buttonSecondary, 'mt-4 w-full sm:w-auto')} onClick={() => void audit.fetchNextPage()}>
              Load more
            </button>
          )}
        </>
      )}
    </section>
  );
}
