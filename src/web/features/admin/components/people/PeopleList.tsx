import { i18n } from '../../../../lib/i18n';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Field } from '../../../../components/ui/Field';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { Button } from '../../../../components/ui/Button';
import { TextInput } from '../../../../components/ui/Controls';
import { card } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { usePeople } from '../../api/get-people';
import { PersonCard } from './PersonCard';

/** Everyone, or the people matching ?q= (e-mail, name or registration number). */
export function PeopleList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    setDraft(q);
  }
  const people = usePeople(q, { enabled: true });

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = draft.trim();
    void setSearchParams(next ? { q: next } : {}, { preventScrollReset: true });
  }

  return (
    <section aria-labelledby="people-heading" className="mt-8">
      <h2 id="people-heading" className="text-xl font-semibold text-slate-900">
        {i18n._('Find people')}
      </h2>
      <form role="search" aria-label={i18n._('People')} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={handleSearch}>
        <Field id="people-q" label={i18n._('Search by e-mail, name or registration number')} className="min-w-0 flex-1">
          {(aria) => (
            <TextInput {...aria} type="search" maxLength={100} value={draft} onChange={(event) => setDraft(event.target.value)} />
          )}
        </Field>
        <Button type="submit" variant="primary">
          {i18n._('Search')}
        </Button>
      </form>

      {people.isPending ? (
        <LoadingStatus label={i18n._('Loading people…')} />
      ) : people.isError ? (
        <LoadError error={people.error} onRetry={() => void people.refetch()} className="mt-4" />
      ) : people.data.items.length === 0 ? (
        <p className={cn(card, 'mt-4 text-slate-800')} data-testid="no-people">
          {q ? i18n._('Nobody matches “{q}”.', { q }) : i18n._('Nobody has signed in yet.')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label={q ? i18n._('People matching {q}', { q }) : i18n._('Everyone')}>
          {people.data.items.map((person) => (
            <PersonCard key={person.id} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}
