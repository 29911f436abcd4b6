import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../components/ui/Button';
import { i18n } from '../lib/i18n';
import { useMe } from '../lib/me';
import { can, isWorkerRole } from '../../shared/permissions';
import type { Role } from '../../shared/constants';
import { useGrievanceSeats, type GrievanceSeats } from '../features/grievances/api/get-seats';

// The labels are English message ids, translated where they are shown.
export const navItems = [
  { to: '/', label: /*i18n*/ 'Home', end: true },
  { to: '/complaints', label: /*i18n*/ 'Complaints', end: false },
  { to: '/services', label: /*i18n*/ 'Assistance', end: false },
  { to: '/aboutus', label: /*i18n*/ 'About Us', end: false },
] as const;

/** Shown after the public items, only to a signed-in user. */
const signedInItems = [{ to: '/my', label: /*i18n*/ 'My complaints', end: false }] as const;
/** For the people who work complaints (staff, wardens, admins). */
const workerItems = [{ to: '/staff', label: /*i18n*/ 'Staff console', end: false }] as const;
const adminItems = [{ to: '/admin', label: /*i18n*/ 'Admin', end: false }] as const;

type NavItem = { to: string; label: string; end: boolean };

/** The grievance ladder's consoles, for whoever sits on them (the admin console names them). */
function seatItems(seats: GrievanceSeats | undefined): NavItem[] {
  if (!seats) return [];
  return [
    ...(seats.committee || seats.head ? [{ to: '/committee', label: /*i18n*/ 'Grievance committee', end: false }] : []),
    ...(seats.ombudsperson || seats.head ? [{ to: '/ombudsperson', label: /*i18n*/ 'Ombudsperson', end: false }] : []),
  ];
}

function itemsFor(role: Role | undefined): readonly NavItem[] {
  if (role === undefined) return navItems;
  return [...navItems, ...signedInItems, ...(isWorkerRole(role) ? workerItems : []), ...(can(role, 'admin.console') ? adminItems : [])];
}

const LIST_ID = 'main-nav-list';

/**
 * The main navigation. From the `xl` breakpoint (1280 px) every link sits in the header on one
 * row, even an administrator's seven; narrower screens (phones, tablets, small laptops) collapse
 * them behind a "Menu" disclosure button that closes again after every navigation. On phones the
 * button shows only its icon (its name stays "Menu"), so the account chip keeps room for the
 * whole "Fname ID".
 */
export function MainNav() {
  const location = useLocation();
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const me = useMe();
  const seats = useGrievanceSeats();
  const items = [...itemsFor(me.data?.role), ...(me.data ? seatItems(seats.data) : [])];

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      setOpenAt(null);
      buttonRef.current?.focus();
    }
  }

  return (
    <nav aria-label={i18n._('Main')} className="ml-auto shrink-0 xl:ml-0 xl:flex-1" onKeyDown={handleKeyDown}>
      <Button
        ref={buttonRef}
        variant="plain"
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 sm:px-3 xl:hidden"
        aria-expanded={open}
        aria-controls={LIST_ID}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          {open ? (
            <path d="M5.3 4.3a1 1 0 0 0-1.4 1.4L8.6 10l-4.7 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6z" />
          ) : (
            <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1m0 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1m1 4a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2z" />
          )}
        </svg>
        <span className="sr-only sm:not-sr-only">{i18n._('Menu')}</span>
      </Button>

      <ul
        id={LIST_ID}
        className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full z-20 flex-col gap-1 border-b border-slate-200 bg-white p-3 shadow-lg xl:static xl:z-auto xl:flex xl:flex-row xl:gap-0.5 xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none`}
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `flex min-h-11 items-center rounded-lg px-3 py-2 text-base font-medium whitespace-nowrap xl:px-2.5 xl:text-sm ${
                  isActive
                    ? 'bg-brand-50 text-brand-800 underline decoration-2 underline-offset-4'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                }`
              }
            >
              {i18n._(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
