import { i18n } from '../../../../lib/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CategoryAdmin } from '../../../../../shared/admin';
import { Badge } from '../../../../components/ui/Badge';
import { textLink } from '../../../../components/ui/styles';
import { useUpdateCategory } from '../../api/update-category';
import type { CardNote } from '../../lib/card-notes';
import { RetirableCard } from '../RetirableCard';
import { recipientsLabel } from '../RoutingEditor';
import { CategoryForm } from './CategoryForm';
import { translationInputs } from '../../lib/translations';
import { targetWords } from '../../../../lib/target-words';

/** The update body that changes only whether the category is retired. */
const withRetired = (c: CategoryAdmin, retired: boolean) => ({
  cardTitle: c.cardTitle,
  complaintHead: c.complaintHead,
  description: c.description,
  subCategories: c.subCategories,
  confidential: c.confidential,
  targetHours: c.targetHours,
  targetUnit: c.targetUnit,
  routing: c.routing,
  retired,
});

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline font-medium text-slate-600">{term}: </dt>
      <dd className="inline break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** "Theft (confidential, 48 h, to otherTheft)": a sub-category and whatever it sets apart from its category. */
function subCategoryLabel(sub: CategoryAdmin['subCategories'][number]): string {
  const own = [
    sub.confidential && i18n._('confidential'),
    sub.targetHours !== undefined && (sub.targetUnit === 'working_hours' ? i18n._('{hours} working h', { hours: sub.targetHours }) : i18n._('{hours} h', { hours: sub.targetHours })),
    sub.targetHours === undefined && sub.targetUnit === 'working_hours' && i18n._('in working hours'),
    sub.routingKey && i18n._('to {key}', { key: sub.routingKey }),
  ].filter(Boolean);
  return own.length ? i18n._('{name} ({what})', { name: sub.name, what: own.join(', ') }) : sub.name;
}

/** One category: its form's address, sub-categories, target and recipients; edit, retire, bring back. */
export function CategoryCard({ category, ...note }: CardNote & { category: CategoryAdmin }) {
  const update = useUpdateCategory(category.key);

  async function toggleRetired() {
    await update.mutateAsync(withRetired(category, !category.retired));
    return category.retired
      ? i18n._('{name} is back on the Complaints page.', { name: category.cardTitle })
      : i18n._('{name} is retired: students can no longer file it.', { name: category.cardTitle });
  }

  return (
    <RetirableCard
      {...note}
      id={`category-${category.key}`}
      data-testid="category"
      name={category.cardTitle}
      retired={category.retired}
      badges={category.confidential && <Badge tone="info">{i18n._('Confidential')}</Badge>}
      summary={
        <p className="text-sm break-words text-slate-700">
          {category.retired ? (
            <code className="font-mono">/complaints/{category.route}</code>
          ) : (
            <Link to={`/complaints/${category.route}`} className={textLink}>
              /complaints/{category.route}
            </Link>
          )}
        </p>
      }
      details={
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm">
          <Fact term={i18n._('Sub-categories')}>
            {category.subCategories.map(subCategoryLabel).join(', ')}
          </Fact>
          {translationInputs().map(
            ({ locale, words }) =>
              category.translations?.[locale]?.cardTitle && (
                <Fact key={locale} term={words.shownAs}>
                  <span lang={locale}>{category.translations?.[locale]?.cardTitle}</span>
                </Fact>
              ),
          )}
          <Fact term={i18n._('Target')}>{targetWords(category.targetHours, category.targetUnit)}</Fact>
          <Fact term={i18n._('Mail to')}>{recipientsLabel(category.routing.default)}</Fact>
          {category.routing.overrides.map((o) => (
            <Fact key={o.hostel} term={o.hostel}>
              {recipientsLabel(o)}
            </Fact>
          ))}
        </dl>
      }
      toggleRetired={toggleRetired}
      toggling={update.isPending}
      renderForm={(done) => <CategoryForm category={category} onSaved={done} />}
    />
  );
}
