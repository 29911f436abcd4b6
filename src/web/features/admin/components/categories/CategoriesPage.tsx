import { i18n } from '../../../../lib/i18n';
import { useState } from 'react';
import type { CategoryAdmin } from '../../../../../shared/admin';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { useCategories } from '../../api/get-categories';
import { useCardNotes } from '../../lib/card-notes';
import { RetirableLists } from '../RetirableCard';
import { SectionHeader } from '../SectionHeader';
import { CategoryCard } from './CategoryCard';
import { CategoryForm } from './CategoryForm';

/** Route /admin/categories: the kinds of complaint, their forms and who gets their mail. */
export function CategoriesPage() {
  const categories = useCategories();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const notes = useCardNotes();
  const renderCategory = (c: CategoryAdmin) => <CategoryCard key={c.key} category={c} {...notes(c.key)} />;

  return (
    <section aria-labelledby="categories-heading">
      <SectionHeader title={i18n._('Categories')} id="categories-heading">
        {i18n._('The kinds of complaint students file, each with its own form, sub-categories and recipients. A retired category leaves the Complaints page; its complaints stay.')}
      </SectionHeader>
      <div className="mt-6">
        <Button
          variant={adding ? 'secondary' : 'primary'}
          aria-expanded={adding}
          aria-controls={adding ? 'new-category' : undefined}
          onClick={() => {
            setAdding(!adding);
            setAdded(null);
          }}
        >
          {adding ? i18n._('Cancel adding a category') : i18n._('Add a category')}
        </Button>
      </div>
      <StatusMessage message={added} className="mt-3" />
      {adding && (
        <div id="new-category">
          <CategoryForm
            onSaved={(message) => {
              setAdded(message);
              setAdding(false);
            }}
          />
        </div>
      )}
      {categories.isPending ? (
        <LoadingStatus label={i18n._('Loading the categories…')} />
      ) : categories.isError ? (
        <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <RetirableLists
          noun="categories"
          inUseLabel={i18n._('Categories in use')}
          retiredLabel={i18n._('Retired categories')}
          items={categories.data.items} isRetired={(c) => c.retired} renderItem={renderCategory} />
      )}
    </section>
  );
}
