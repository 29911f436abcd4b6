import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { categoryCreateSchema, categoryUpdateSchema, type CategoryAdmin } from '../../../../shared/admin';
import { categoryRoute } from '../../../../shared/catalog';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card, fieldControl, fieldError, textLink } from '../../../components/ui/styles';
import { useCreateCategory } from '../api/create-category';
import { useCategories } from '../api/get-categories';
import { useHostels } from '../api/get-hostels';
import { useUpdateCategory } from '../api/update-category';
import { checkFailure, describeFailure, problemAt, problemsFromIssues, rowKey, toNumber, type Problems } from '../lib/problems';
import { useCardNotes, useFocusWhenMoved, type CardNote } from '../lib/card-notes';
import { Badge, FormAlert, LoadError, SavedStatus, SectionHeader } from './common';
import { ListEditor } from './ListEditor';
import { RoutingEditor, emptyRouting, recipientsLabel, routingDraft, routingValue, type RoutingDraft } from './RoutingEditor';

interface SubRow {
  key: number;
  name: string;
  confidential: boolean;
}

interface CategoryDraft {
  key: string;
  cardTitle: string;
  complaintHead: string;
  description: string;
  subCategories: SubRow[];
  confidential: boolean;
  targetHours: string;
  routing: RoutingDraft;
}

const SHOWN = ['key', 'cardTitle', 'complaintHead', 'description', 'subCategories', 'confidential', 'targetHours', 'routing'];

const newSubRow = (): SubRow => ({ key: rowKey(), name: '', confidential: false });

const emptyDraft = (): CategoryDraft => ({
  key: '',
  cardTitle: '',
  complaintHead: '',
  description: '',
  subCategories: [newSubRow()],
  confidential: false,
  targetHours: '72',
  routing: emptyRouting(),
});

const draftOf = (c: CategoryAdmin): CategoryDraft => ({
  key: c.key,
  cardTitle: c.cardTitle,
  complaintHead: c.complaintHead,
  description: c.description,
  subCategories: c.subCategories.map((s) => ({ key: rowKey(), ...s })),
  confidential: c.confidential,
  targetHours: String(c.targetHours),
  routing: routingDraft(c.routing),
});

/** Everything but the key, as the schemas take it. */
const bodyOf = (d: CategoryDraft) => ({
  cardTitle: d.cardTitle,
  complaintHead: d.complaintHead,
  description: d.description,
  subCategories: d.subCategories.map(({ name, confidential }) => ({ name, confidential })),
  confidential: d.confidential,
  targetHours: toNumber(d.targetHours),
  routing: routingValue(d.routing),
});

const updateBody = (c: CategoryAdmin, retired: boolean) => ({
  cardTitle: c.cardTitle,
  complaintHead: c.complaintHead,
  description: c.description,
  subCategories: c.subCategories,
  confidential: c.confidential,
  targetHours: c.targetHours,
  routing: c.routing,
  retired,
});

function useActiveHostelNames(): string[] {
  const hostels = useHostels();
  return hostels.data?.items.filter((h) => !h.retired).map((h) => h.name) ?? [];
}

interface CategoryFieldsProps {
  idPrefix: string;
  creating: boolean;
  draft: CategoryDraft;
  onChange: (draft: CategoryDraft) => void;
  problems: Problems;
}

function CategoryFields({ idPrefix, creating, draft, onChange, problems }: CategoryFieldsProps) {
  const hostels = useActiveHostelNames();
  const set = <K extends keyof CategoryDraft>(field: K, value: CategoryDraft[K]) => onChange({ ...draft, [field]: value });
  const text = (field: 'cardTitle' | 'complaintHead', label: string, hint: string, maxLength: number) => (
    <Field id={`${idPrefix}-${field}`} label={label} hint={hint} error={problems[field]}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete="off"
          maxLength={maxLength}
          className={fieldControl}
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </Field>
  );
  const key = draft.key.trim();

  return (
    <>
      {creating && (
        <Field
          id={`${idPrefix}-key`}
          label="Key"
          hint={
            <>
              Lower-case letters and digits, fixed once the category exists. The form&apos;s address will be{' '}
              <code className="font-mono break-all">/complaints/{key ? categoryRoute(key) : '{key}Complaint'}</code>.
            </>
          }
          error={problems.key}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              className={`${fieldControl} font-mono`}
              value={draft.key}
              onChange={(event) => set('key', event.target.value)}
            />
          )}
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('cardTitle', 'Card title', 'The title of the category’s card on the Complaints page.', 60)}
        {text('complaintHead', 'Complaint heading', 'The heading of each complaint and the start of its mail’s subject.', 80)}
      </div>
      <Field id={`${idPrefix}-description`} label="Description" hint="One line on the card." error={problems.description}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={200}
            className={fieldControl}
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </Field>
      <ListEditor
        idPrefix={`${idPrefix}-subs`}
        legend="Sub-categories"
        hint="What kind of problem it is; the student picks one. A confidential one hides who filed the complaint."
        rows={draft.subCategories}
        onChange={(rows) => set('subCategories', rows)}
        newRow={newSubRow}
        addLabel="Add a sub-category"
        rowName={(index) => `sub-category ${index + 1}`}
        error={problems.subCategories}
        maxRows={30}
        renderRow={(row, index, update) => {
          const id = `${idPrefix}-sub-${row.key}`;
          const error = problemAt(problems, `subCategories.${index}`);
          return (
            <div className="space-y-1">
              <label htmlFor={id} className="sr-only">
                Sub-category {index + 1}
              </label>
              <input
                id={id}
                type="text"
                autoComplete="off"
                maxLength={60}
                className={fieldControl}
                value={row.name}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => update({ name: event.target.value })}
              />
              <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={row.confidential}
                  onChange={(event) => update({ confidential: event.target.checked })}
                />
                Confidential <span className="sr-only">(sub-category {index + 1})</span>
              </label>
              {error && (
                <p id={`${id}-error`} className={fieldError}>
                  {error}
                </p>
              )}
            </div>
          );
        }}
      />
      <div>
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={draft.confidential}
            onChange={(event) => set('confidential', event.target.checked)}
          />
          Every complaint of this category is confidential
        </label>
        {problems.confidential && <p className={fieldError}>{problems.confidential}</p>}
      </div>
      <Field
        id={`${idPrefix}-target-hours`}
        label="Target resolution time (hours)"
        hint="How soon a complaint should be resolved; the staff console shows complaints past it."
        error={problems.targetHours}
        className="max-w-xs"
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={fieldControl}
            value={draft.targetHours}
            onChange={(event) => set('targetHours', event.target.value)}
          />
        )}
      </Field>
      <RoutingEditor idPrefix={`${idPrefix}-routing`} value={draft.routing} onChange={(routing) => set('routing', routing)} problems={problems} hostels={hostels} />
    </>
  );
}

function AddCategoryForm({ onAdded }: { onAdded: (message: string) => void }) {
  const create = useCreateCategory();
  const [draft, setDraft] = useState<CategoryDraft>(emptyDraft);
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const parsed = categoryCreateSchema.safeParse({ key: draft.key, ...bodyOf(draft) });
    if (!parsed.success) {
      const failure = checkFailure(problemsFromIssues(parsed.error.issues), SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message ?? 'Some fields need attention: see the messages below them.');
      return;
    }
    setProblems({});
    try {
      const category = await create.mutateAsync(parsed.data);
      onAdded(`${category.cardTitle} is added: its form is at /complaints/${category.route}.`);
    } catch (error) {
      const failure = describeFailure(error, SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
    }
  }

  return (
    <form noValidate aria-labelledby="new-category-heading" className={`${card} mt-4 space-y-4`} onSubmit={(event) => void handleSubmit(event)}>
      <h2 id="new-category-heading" className="text-lg font-semibold text-slate-900">
        New category
      </h2>
      <CategoryFields idPrefix="new-category" creating draft={draft} onChange={setDraft} problems={problems} />
      <FormAlert message={alert} />
      <button type="submit" className={buttonPrimary} disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add category'}
      </button>
    </form>
  );
}

function EditCategoryForm({ category, onDone }: { category: CategoryAdmin; onDone: (message: string) => void }) {
  const update = useUpdateCategory(category.key);
  const [draft, setDraft] = useState<CategoryDraft>(() => draftOf(category));
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const parsed = categoryUpdateSchema.safeParse({ ...bodyOf(draft), retired: category.retired });
    if (!parsed.success) {
      const failure = checkFailure(problemsFromIssues(parsed.error.issues), SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message ?? 'Some fields need attention: see the messages below them.');
      return;
    }
    setProblems({});
    try {
      await update.mutateAsync(parsed.data);
      onDone(`Saved the changes to ${parsed.data.cardTitle}.`);
    } catch (error) {
      const failure = describeFailure(error, SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
    }
  }

  return (
    <form
      noValidate
      aria-label={`Edit ${category.cardTitle}`}
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <p className="text-sm text-slate-700">
        The key <code className="font-mono">{category.key}</code> cannot be changed: complaints are stored under it and its
        form stays at <code className="font-mono break-all">/complaints/{category.route}</code>.
      </p>
      <CategoryFields idPrefix={`category-${category.key}`} creating={false} draft={draft} onChange={setDraft} problems={problems} />
      <FormAlert message={alert} />
      <button type="submit" className={buttonPrimary} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}

interface CategoryCardProps extends CardNote {
  category: CategoryAdmin;
}

function CategoryCard({ category, message, onMessage, moved, onMoved }: CategoryCardProps) {
  const update = useUpdateCategory(category.key);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useFocusWhenMoved(moved);
  const formId = `category-${category.key}-form`;

  async function toggleRetired() {
    onMessage(null);
    setProblem(null);
    try {
      await update.mutateAsync(updateBody(category, !category.retired));
      onMessage(
        category.retired
          ? `${category.cardTitle} is back on the Complaints page.`
          : `${category.cardTitle} is retired: students can no longer file it.`,
      );
      onMoved();
    } catch (error) {
      setProblem(describeFailure(error, []).message);
    }
  }

  return (
    <li className={card} data-testid="category">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{category.cardTitle}</span>
            {category.retired && <Badge tone="warning">Retired</Badge>}
            {category.confidential && <Badge tone="info">Confidential</Badge>}
          </h3>
          <p className="text-sm break-words text-slate-700">
            {category.retired ? (
              <code className="font-mono">/complaints/{category.route}</code>
            ) : (
              <Link to={`/complaints/${category.route}`} className={textLink}>
                /complaints/{category.route}
              </Link>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!category.retired && (
            <button
              type="button"
              className={buttonSecondary}
              aria-expanded={editing}
              aria-controls={editing ? formId : undefined}
              onClick={() => {
                setEditing(!editing);
                onMessage(null);
              }}
            >
              {editing ? 'Close' : 'Edit'} <span className="sr-only">{category.cardTitle}</span>
            </button>
          )}
          <button ref={toggle} type="button" className={buttonSecondary} disabled={update.isPending} onClick={() => void toggleRetired()}>
            {category.retired ? 'Bring back' : 'Retire'} <span className="sr-only">{category.cardTitle}</span>
          </button>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="inline font-medium text-slate-600">Sub-categories: </dt>
          <dd className="inline break-words text-slate-900">
            {category.subCategories.map((s) => (s.confidential ? `${s.name} (confidential)` : s.name)).join(', ')}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-600">Target: </dt>
          <dd className="inline text-slate-900">{category.targetHours} hours</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-600">Mail to: </dt>
          <dd className="inline break-words text-slate-900">{recipientsLabel(category.routing.default)}</dd>
        </div>
        {category.routing.overrides.map((o) => (
          <div key={o.hostel}>
            <dt className="inline font-medium text-slate-600">{o.hostel}: </dt>
            <dd className="inline break-words text-slate-900">{recipientsLabel(o)}</dd>
          </div>
        ))}
      </dl>
      <SavedStatus message={message} className="mt-3" />
      {problem && <p className={fieldError}>{problem}</p>}
      {editing && (
        <div id={formId}>
          <EditCategoryForm
            category={category}
            onDone={(done) => {
              onMessage(done);
              setEditing(false);
            }}
          />
        </div>
      )}
    </li>
  );
}

/** Route /admin/categories: the kinds of complaint, their forms and who gets their mail. */
export function CategoriesPage() {
  const categories = useCategories();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const active = categories.data?.items.filter((c) => !c.retired) ?? [];
  const retired = categories.data?.items.filter((c) => c.retired) ?? [];
  const notes = useCardNotes();
  const card = (c: CategoryAdmin) => (
    <CategoryCard
      key={c.key}
      category={c}
      {...notes(c.key)}
    />
  );

  return (
    <section aria-labelledby="categories-heading">
      <SectionHeader title="Categories" id="categories-heading">
        The kinds of complaint students file, each with its own form, sub-categories and recipients. A retired category
        leaves the Complaints page; its complaints stay.
      </SectionHeader>
      <div className="mt-6">
        <button
          type="button"
          className={adding ? buttonSecondary : buttonPrimary}
          aria-expanded={adding}
          aria-controls={adding ? 'new-category' : undefined}
          onClick={() => {
            setAdding(!adding);
            setAdded(null);
          }}
        >
          {adding ? 'Cancel adding a category' : 'Add a category'}
        </button>
      </div>
      <SavedStatus message={added} className="mt-3" />
      {adding && (
        <div id="new-category">
          <AddCategoryForm
            onAdded={(message) => {
              setAdded(message);
              setAdding(false);
            }}
          />
        </div>
      )}
      {categories.isPending ? (
        <LoadingStatus label="Loading the categories…" />
      ) : categories.isError ? (
        <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <>
          <section aria-labelledby="active-categories-heading" className="mt-8">
            <h2 id="active-categories-heading" className="text-xl font-semibold text-slate-900">
              In use ({active.length})
            </h2>
            <ul className="mt-3 grid gap-3" aria-label="Categories in use">
              {active.map(card)}
            </ul>
          </section>
          {retired.length > 0 && (
            <section aria-labelledby="retired-categories-heading" className="mt-8">
              <h2 id="retired-categories-heading" className="text-xl font-semibold text-slate-900">
                Retired ({retired.length})
              </h2>
              <ul className="mt-3 grid gap-3" aria-label="Retired categories">
                {retired.map(card)}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
