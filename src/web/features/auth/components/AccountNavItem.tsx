import { NavLink } from 'react-router';
import { useMe } from '../../../lib/me';
import { SignInButton } from '../../../components/SignInButton';

/** Right-hand slot of the navigation bar: Sign In, or a link to the signed-in user's page. */
export function AccountNavItem() {
  const me = useMe();

  // Nothing while /api/me is answering: no flash of "Sign In" for signed-in users.
  if (me.isPending) return null;

  if (!me.data) return <SignInButton />;

  return (
    <NavLink
      to="/userInfo"
      className={({ isActive }) =>
        `inline-flex min-h-11 max-w-full items-center gap-2 rounded-lg border px-2.5 py-1.5 sm:px-3 sm:py-2 text-sm font-semibold ${
          isActive
            ? 'border-brand-700 bg-brand-700 text-white'
            : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100'
        }`
      }
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="hidden size-5 shrink-0 sm:block">
        <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8m-7 8a7 7 0 0 1 14 0 1 1 0 0 1-1 1H4a1 1 0 0 1-1-1" />
      </svg>
      {/* Never cut: on the narrowest phones the id moves under the name instead. */}
      <span className="leading-tight">
        <span className="whitespace-nowrap">{me.data.fname}</span>
        {me.data.regId && (
          <>
            {' '}
            <span className="whitespace-nowrap">{me.data.regId}</span>
          </>
        )}
      </span>
    </NavLink>
  );
}
