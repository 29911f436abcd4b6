import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_TARGET_TYPES, type AuditEntry } from '../../../../shared/admin';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from '../../../../shared/constants';
import { THE_REPORTER } from '../../../../shared/staff';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { LoadError } from '../../../components/ui/LoadError';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { Button } from '../../../components/ui/Button';
import { Select, TextInput } from '../../../components/ui/Controls';
import { card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { AUDIT_FILTER_NAMES, auditParams, useAudit, type AuditFilters } from '../api/get-audit';
import { useCategories } from '../api/get-categories';
import { actionLabel, changeLines, factLines, targetTypeLabel, type CategoryNames, type ChangeLine } from '../lib/audit-format';
import { SectionHeader } from './SectionHeader';

const EMPTY: AuditFilters = { q: '', action: '', targetType: '', actor: '', from: '', to: '' };

function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters = { ...EMPTY };
  for (const name of AUDIT_FILTER_NAMES) filters[name] = params.get(name) ?? '';
  return filters;
}

function ChangeList({ changes }: { changes: ChangeLine[] }) {
  if (changes.length === 0) return <p className="mt-2 text-sm text-slate-600">{i18n._('Nothing changed.')}</p>;
  return (
    <ul className="mt-2 space-y-2 text-sm" aria-label={i18n._('Changes')}>
      {changes.map((c) => (
        <li key={c.key} className="min-w-0 rounded-lg bg-slate-50 p-2">
          <p className="font-medium break-words text-slate-900">{c.label}</p>
          {c.before !== undefined && c.after !== undefined ? (
            <p className="break-words">
              <del className="text-red-900 decoration-red-400">
                <span className="sr-only">{i18n._('was')} </span>
                {c.before}
              </del>
              <span aria-hidden="true" className="px-1.5 text-slate-500">
                →
              </span>
              <ins className="text-green-900 no-underline">
                <span className="sr-only">{i18n._(', now')} </span>
                {c.after}
              </ins>
            </p>
          ) : c.after !== undefined ? (
            <p className="break-words text-green-900">
              <span className="font-medium">{i18n._('Set to:')} </span>
              <ins className="no-underline">{c.after}</ins>
            </p>
          ) : (
            <p className="break-words text-red-900">
              <span className="font-medium">{i18n._('Removed:')} </span>
              <del className="decoration-red-400">{c.before}</del>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function EntryCard({ entry, names }: { entry: AuditEntry; names: CategoryNames }) {
  const changes = changeLines(entry.details, names);
  const facts = factLines(entry.action, entry.details, names);
  return (
    <li className={card} data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-slate-900">{actionLabel(entry.action)}</p>
        <Badge>{targetTypeLabel(entry.targetType)}</Badge>
      </div>
      <p className="mt-1 font-medium break-words text-slate-900">{entry.targetLabel || entry.targetId}</p>
      <p className="mt-1 text-sm text-slate-700">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
        {entry.actor ? (
          <WithSlots
            text={i18n._('by {who}', { who: slot('who') })}
            slots={{
              who: (
                // A confidential report's reporter comes without id or address: the server names nobody (decision 63).
                entry.actor.id === '' ? (
                  i18n._(THE_REPORTER)
                ) : (
                  <>
                    {entry.actor.name || entry.actor.email}
                    {entry.actor.name && entry.actor.email && <span className="break-all"> ({entry.actor.email})</span>}
                  </>
                )
              ),
            }}
          />
        ) : (
          i18n._('by the portal itself')
        )}
      </p>
      {changes && <ChangeList changes={changes} />}
      {facts.length > 0 && (
        <dl className="mt-2 space-y-1 text-sm">
          {facts.map((fact) => (
            <div key={fact.key} className="min-w-0">
              <dt className="inline font-medium text-slate-600">{fact.label}: </dt>
              <dd className="inline break-words text-slate-900">{fact.value}</dd>
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
  const text = (name: 'q' | 'actor', label: string, hint?: string) => (
    <Field id={`audit-${name}`} label={label} hint={hint}>
      {(control) => (
        <TextInput
          {...control}
          type="search"
          autoComplete="off"
          maxLength={name === 'actor' ? 200 : 100}
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
    <form role="search" aria-label={i18n._('Audit log')} className={cn(card, 'mt-6 space-y-4')} onSubmit={handleSubmit}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text('q', i18n._('Search'), i18n._('Words in the action, the target or the person.'))}
        <Field id="audit-action" label={i18n._('Action')}>
          {(control) => (
            <Select {...control} value={draft.action} onChange={(event) => set('action', event.target.value)}>
              <option value="">{i18n._('Any action')}</option>
              {/* An address written by hand may name an action this list does not have: it stays shown. */}
              {draft.action !== '' && !(AUDIT_ACTIONS as readonly string[]).includes(draft.action) && (
                <option value={draft.action}>{draft.action}</option>
              )}
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {i18n._(AUDIT_ACTION_LABELS[action])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="audit-target-type" label={i18n._('Target')}>
          {(control) => (
            <Select {...control} value={draft.targetType} onChange={(event) => set('targetType', event.target.value)}>
              <option value="">{i18n._('Anything')}</option>
              {AUDIT_TARGET_TYPES.map((t) => (
                <option key={t} value={t}>
                  {targetTypeLabel(t)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {text('actor', i18n._('Done by (e-mail)'), i18n._('Part of the address is enough.'))}
        <Field id="audit-from" label={i18n._('From (day)')}>
          {(control) => (
            <TextInput {...control} type="date" value={draft.from} onChange={(event) => set('from', event.target.value)} />
          )}
        </Field>
        <Field id="audit-to" label={i18n._('To (day)')}>
          {(control) => (
            <TextInput {...control} type="date" value={draft.to} onChange={(event) => set('to', event.target.value)} />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          {i18n._('Show entries')}
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY);
            onApply(EMPTY);
          }}
        >
          {i18n._('Clear filters')}
        </Button>
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
  // Scopes name categories by key; their card titles read better ("wifi" → "Wifi").
  const categories = useCategories();
  const names: CategoryNames = useMemo(
    () => new Map((categories.data?.items ?? []).map((c) => [c.key, c.cardTitle])),
    [categories.data],
  );

  return (
    <section aria-labelledby="audit-heading">
      <SectionHeader title={i18n._('Audit log')} id="audit-heading">
        {i18n._('Every change to the university, its hostels, categories, services and people, and every action on a complaint that needs a record, newest first.')}
      </SectionHeader>
      <FilterForm filters={filters} onApply={(next) => void setSearchParams(auditParams(next), { preventScrollReset: true })} />
      {audit.isPending ? (
        <LoadingStatus label={i18n._('Loading the audit log…')} />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : items.length === 0 ? (
        <p className={cn(card, 'mt-4 text-slate-800')} data-testid="audit-empty">
          {filtered ? i18n._('No entry matches these filters.') : i18n._('Nothing has been recorded yet.')}
        </p>
      ) : (
        <>
          <ul className="mt-4 grid gap-3" aria-label={i18n._('Audit entries, newest first')}>
            {items.map((entry) => (
              <EntryCard key={entry.id} entry={entry} names={names} />
            ))}
          </ul>
          {audit.isFetchingNextPage && <LoadingStatus label={i18n._('Loading more entries…')} />}
          {moreError !== null && (
            <Alert className="mt-4">
              <p>{errorMessage(moreError)}</p>
            </Alert>
          )}
          {audit.hasNextPage && !audit.isFetchingNextPage && (
            <Button className="mt-4 w-full sm:w-auto" onClick={() => void audit.fetchNextPage()}>
              {i18n._('Load more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
