import { Link } from 'react-router';
import { i18n } from '../lib/i18n';
import { NotFoundIllustration } from './NotFoundIllustration';
import { PageHeading } from './ui/PageHeading';
import { buttonPrimary } from './ui/styles';

/** Every path without a route ('*'). */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto flex max-w-xl flex-col items-center text-center">
      <NotFoundIllustration className="mb-6 h-auto w-full max-w-sm" />
      <PageHeading id="not-found-heading" title={i18n._('Page not found · Hostel Complaint Portal')}>
        {i18n._('Page not found')}
      </PageHeading>
      <p className="mt-3 text-slate-700">
        {i18n._('The page you are looking for does not exist or has moved. Check the address, or start again from the start page.')}
      </p>
      <Link to="/" className={`${buttonPrimary} mt-6`}>
        {i18n._('Go to the start page')}
      </Link>
    </section>
  );
}
