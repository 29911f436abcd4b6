import { Link } from 'react-router';
import { NotFoundIllustration } from './NotFoundIllustration';
import { PageHeading } from './ui/PageHeading';
import { buttonPrimary } from './ui/styles';

/** Every path without a route ('*'). */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto flex max-w-xl flex-col items-center text-center">
      <NotFoundIllustration className="mb-6 h-auto w-full max-w-sm" />
      <PageHeading id="not-found-heading" title="Page not found · Hostel Complaint Portal">
        Page not found
      </PageHeading>
      <p className="mt-3 text-slate-700">
        The page you are looking for does not exist or has moved. Check the address, or start again from the
        start page.
      </p>
      <Link to="/" className={`${buttonPrimary} mt-6`}>
        Go to the start page
      </Link>
    </section>
  );
}
