import { localName } from '../../../../shared/catalog';
import type { CategoryInfo } from '../../../../shared/catalog';
import { CategoryIcon } from '../../../components/CategoryIcon';
import { PageHeading } from '../../../components/ui/PageHeading';
import { i18n, useLocale } from '../../../lib/i18n';
import { localFormTitle } from '../lib/complaint-check';

/** The form's heading: the category's icon, the card the student chose and the complaint's own heading, and what the form asks. */
export function ComplaintFormHeading({ category }: { category: CategoryInfo }) {
  const locale = useLocale();
  const title = localFormTitle(locale, category);
  const heading = title.card ? `${title.card} · ${title.head}` : title.head;
  return (
    <>
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <CategoryIcon category={category.key} />
        </span>
        <PageHeading id="complaint-form-heading" title={i18n._('{page} · Hostel Complaint Portal', { page: heading })}>
          {title.card ? (
            <>
              <span className="block">{title.card}</span>
              <span className="sr-only"> · </span>
              <span className="block text-base font-medium text-slate-600 sm:text-lg">{title.head}</span>
            </>
          ) : (
            title.head
          )}
        </PageHeading>
      </div>
      <p className="mt-3 text-slate-700">
        {category.description ? `${localName(locale, category, 'description')} ` : ''}
        {i18n._('All fields are required.')}
      </p>
    </>
  );
}
