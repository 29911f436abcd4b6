import { Link } from 'react-router';
import { CatalogGate } from '../../../components/CatalogGate';
import { PageHeading } from '../../../components/ui/PageHeading';
import { textLink } from '../../../components/ui/styles';
import { i18n } from '../../../lib/i18n';
import { AssistanceForm } from './AssistanceForm';

/** Route /services ('Assistance'): room cleaning and, once an administrator opens it, laundry pickup. */
export function AssistancePage() {
  return (
    <section aria-labelledby="assistance-heading" className="mx-auto max-w-2xl">
      <PageHeading id="assistance-heading" title={i18n._('Assistance · Hostel Complaint Portal')}>
        {i18n._('Assistance')}
      </PageHeading>
      <p className="mt-3 text-slate-700">
        {i18n._('Room not cleaned properly? Ask housekeeping to clean it. Choose your hostel, enter your room number and request cleaning.')}
      </p>
      <p className="mt-3 text-slate-800">
        {i18n._('Want it cleaned every week?')}{' '}
        <Link to="/cleaning" className={textLink}>
          {i18n._('Book weekly cleaning')}
        </Link>
      </p>
      <CatalogGate loadingLabel={i18n._('Loading the services…')}>{(catalog) => <AssistanceForm catalog={catalog} />}</CatalogGate>
    </section>
  );
}
