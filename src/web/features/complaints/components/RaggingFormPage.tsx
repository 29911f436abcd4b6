import { useState } from 'react';
import { Link } from 'react-router';
import { localName } from '../../../../shared/catalog';
import type { CategoryInfo, PublicCatalog } from '../../../../shared/catalog';
import type { Complaint } from '../../../../shared/complaints';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { textLink } from '../../../components/ui/styles';
import { i18n, useLocale } from '../../../lib/i18n';
import { ANONYMOUS_REPORT_PATH, RaggingForm, useRaggingForm } from './RaggingForm';
import { RaggingContacts } from './RaggingContacts';
import { RaggingFiled } from './RaggingFiled';

export { ANONYMOUS_REPORT_PATH };

interface RaggingFormPageProps {
  catalog: PublicCatalog;
  category: CategoryInfo;
}

/**
 * The ragging report (decision 40): what happened, where it happened (asked for itself: in a
 * hostel, elsewhere on campus, somewhere else), the reporter's hostel, and their own room only if
 * they want to give it. The contacts to call now sit beside the form, and the way to report
 * without a name at the top.
 */
export function RaggingFormPage({ catalog, category }: RaggingFormPageProps) {
  const [filed, setFiled] = useState<Pick<Complaint, 'number'> | null>(null);
  const draft = useRaggingForm(catalog);
  const contacts = catalog.university.raggingContacts;
  const locale = useLocale();
  const cardTitle = localName(locale, category, 'cardTitle');

  return (
    <section aria-labelledby="ragging-form-heading" className="mx-auto max-w-2xl">
      <BackLink to="/">{i18n._('Back to the start page')}</BackLink>
      <PageHeading id="ragging-form-heading" title={i18n._('{page} · Hostel Complaint Portal', { page: cardTitle })}>
        {cardTitle}
      </PageHeading>
      <p className="mt-3 text-slate-700">{localName(locale, category, 'description')}</p>
      <p className="mt-2 text-slate-700">
        {i18n._('Rather not give your name?')}{' '}
        <Link to={ANONYMOUS_REPORT_PATH} className={textLink}>
          {i18n._('Report without my name')}
        </Link>
      </p>

      {filed ? (
        <RaggingFiled number={filed.number} onAnother={() => setFiled(null)} />
      ) : (
        <RaggingForm catalog={catalog} category={category} state={draft} onFiled={setFiled} />
      )}

      {/* With /api/catalog: the prerendered page's catalogue carries no contacts (the first download stays small). */}
      {contacts && (
        <div className="mt-6">
          <RaggingContacts contacts={contacts} />
        </div>
      )}
      <p className="mt-4 text-sm text-slate-700">
        {i18n._('Already reported without your name?')}{' '}
        <Link to="/ragging/follow" className={textLink}>
          {i18n._('Follow that report')}
        </Link>
      </p>
    </section>
  );
}
