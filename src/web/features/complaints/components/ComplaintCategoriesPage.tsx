import { Link } from 'react-router';
import { CatalogGate } from '../../../components/CatalogGate';
import { CategoryIcon } from '../../../components/CategoryIcon';
import { PageHeading } from '../../../components/ui/PageHeading';
import { localName } from '../../../../shared/catalog';
import { i18n, useLocale } from '../../../lib/i18n';

/** Route /complaints: a card for every category of the catalogue, each leading to its form. */
export function ComplaintCategoriesPage() {
  const locale = useLocale();
  return (
    <section aria-labelledby="complaints-heading">
      <PageHeading id="complaints-heading" title={i18n._('Complaints · Hostel Complaint Portal')}>
        {i18n._('Complaints')}
      </PageHeading>
      <p className="mt-3 max-w-2xl text-slate-700">
        {i18n._('Choose what your complaint is about. Each category goes straight to the hostel team that fixes it.')}
      </p>

      <CatalogGate loadingLabel={i18n._('Loading the categories…')}>
        {(catalog) => (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {catalog.categories.map((category) => (
              <li key={category.key}>
                <Link
                  to={`/complaints/${category.route}`}
                  className="group flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50"
                >
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-white">
                    <CategoryIcon category={category.key} className="size-7" />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-lg font-semibold text-slate-900 group-hover:underline">
                      {localName(locale, category, 'cardTitle')}
                    </span>
                    {category.description && (
                      <span className="mt-1 block text-sm text-slate-700">{localName(locale, category, 'description')}</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CatalogGate>
    </section>
  );
}
