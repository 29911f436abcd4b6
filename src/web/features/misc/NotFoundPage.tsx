import { Link } from 'react-router';
import { buttonPrimary } from '../../components/ui/styles';
import { NotFoundIllustration } from './components/NotFoundIllustration';

/** Every path without a route ('*'). */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto flex max-w-xl flex-col items-center text-center">
      <title>Page not found · Hostel Complaint Portal</title>
      <NotFoundIllustration className="h-auto w-full max-w-sm" />
      <h1 id="not-found-heading" className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Page not found
      </h1>
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
