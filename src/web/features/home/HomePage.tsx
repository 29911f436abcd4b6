import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonPrimary, buttonSecondary } from '../../components/ui/styles';

interface Category {
  name: string;
  examples: string;
  icon: ReactNode;
}

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-6',
} as const;

const categories: readonly Category[] = [
  {
    name: 'Wifi',
    examples: 'Not working, slow or dropping connections.',
    icon: (
      <svg {...iconProps}>
        <path d="M2 8.8a15 15 0 0 1 20 0M5 12.9a10 10 0 0 1 14 0M8.5 16.4a5 5 0 0 1 7 0" />
        <path d="M12 20h.01" />
      </svg>
    ),
  },
  {
    name: 'Furniture (carpenter)',
    examples: 'Drawers, chairs, study tables, almirahs and handles.',
    icon: (
      <svg {...iconProps}>
        <path d="M4 10h16v4H4zM6 14v6M18 14v6M6 10V5h12v5" />
      </svg>
    ),
  },
  {
    name: 'Washroom (water)',
    examples: 'Toilet seats, showers and water supply.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z" />
      </svg>
    ),
  },
  {
    name: 'Mess',
    examples: 'Food quality, mess staff and other mess issues.',
    icon: (
      <svg {...iconProps}>
        <path d="M7 3v8M4 3v5a3 3 0 0 0 6 0V3M7 11v10M17 21V3c-2 0-3.5 2.5-3.5 6s1.5 4 3.5 4" />
      </svg>
    ),
  },
  {
    name: 'Electrician',
    examples: 'Lamps, switches, light bulbs and fans.',
    icon: (
      <svg {...iconProps}>
        <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
      </svg>
    ),
  },
  {
    name: 'Others',
    examples: 'Ragging, theft or anything else that needs attention.',
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 8v4M12 16h.01" />
      </svg>
    ),
  },
];

const steps = [
  'Sign in with your university e-mail account.',
  'Pick a category and tell us your hostel, floor, room number and what is wrong.',
  'Submit: your complaint goes straight to the team that fixes it.',
] as const;

/** Route '/': what the portal is for and where to start. */
export function HomePage() {
  return (
    <div className="space-y-12">
      <title>Hostel Complaint Portal</title>

      <section aria-labelledby="home-heading" className="max-w-3xl">
        <h1 id="home-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Hostel Complaint Portal
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Something broken in your hostel? Report it here in a minute. Choose a category, describe the problem and
          your complaint is sent directly to the hostel team responsible for it. You can also ask for your room to
          be cleaned.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/complaints" className={buttonPrimary}>
            Report a problem
          </Link>
          <Link to="/services" className={buttonSecondary}>
            Request room cleaning
          </Link>
        </div>
      </section>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-xl font-semibold text-slate-900">
          What you can report
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.name} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                {category.icon}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{category.name}</h3>
                <p className="mt-1 text-sm text-slate-700">{category.examples}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <Link to="/complaints" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Browse all six categories
          </Link>
        </p>
      </section>

      <section aria-labelledby="cleaning-heading" className="rounded-xl bg-brand-900 p-6 text-white">
        <h2 id="cleaning-heading" className="text-xl font-semibold">
          Room cleaning
        </h2>
        <p className="mt-2 text-brand-50">
          Room not cleaned properly? Send a cleaning request for your room from the Assistance page.
        </p>
        <Link
          to="/services"
          className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-white"
        >
          Ask for a cleaning
        </Link>
      </section>

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-xl font-semibold text-slate-900">
          How it works
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-slate-900"
              >
                {index + 1}
              </span>
              <p className="pt-1 text-slate-700">{step}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
