import { Link } from 'react-router';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { card, textLink } from '../../../components/ui/styles';
import { usePublicConfig } from '../../../lib/config';

const journey = [
  {
    title: 'You file it',
    text: 'Signed in with your university account, you pick a category and tell us your hostel, floor, room number and what is wrong. Room cleaning is requested from the Assistance page.',
  },
  {
    title: 'The portal stores and routes it',
    text: 'The server saves your complaint with a complaint number and sends it to the e-mail address of the facility team responsible for that category: wifi, carpentry, water, mess, electrical, housekeeping or the hostel office.',
  },
  {
    title: 'Staff work on it',
    text: 'The team acknowledges the complaint, works on it and marks it resolved. Every change of status is recorded with a note.',
  },
  {
    title: 'You follow it',
    text: 'Under My complaints you see every complaint you filed, its current status and its full timeline.',
  },
] as const;

function WhoRunsIt() {
  const config = usePublicConfig();
  if (config.isPending) return <LoadingStatus label="Loading…" />;

  const university = config.data?.university.name ?? 'the university';
  const credits = config.data?.about?.credits ?? [];

  return (
    <>
      <p className="mt-3 text-slate-700">The portal is run by the hostel administration of {university}.</p>
      {credits.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">Credits</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700" data-testid="credits">
            {credits.map((credit) => (
              <li key={credit}>{credit}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** Route /aboutus: what the portal is, how a complaint travels, who runs it. */
export function AboutPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <title>About Us · Hostel Complaint Portal</title>
      <section aria-labelledby="about-heading">
        <h1 id="about-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          About Us
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          The Hostel Complaint Portal is where students living in the university hostels report problems with
          their rooms and hostel facilities (wifi, furniture, washrooms, the mess, electrical fittings and anything
          else) and ask for their room to be cleaned. Each complaint goes directly to the team that can fix it.
        </p>
      </section>

      <section aria-labelledby="journey-heading">
        <h2 id="journey-heading" className="text-xl font-semibold text-slate-900">
          How a complaint travels
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {journey.map((step, index) => (
            <li key={step.title} className={`${card} flex gap-3`}>
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-slate-900"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-4">
          <Link to="/complaints" className={textLink}>
            File a complaint
          </Link>
        </p>
      </section>

      <section aria-labelledby="who-heading">
        <h2 id="who-heading" className="text-xl font-semibold text-slate-900">
          Who runs it
        </h2>
        <WhoRunsIt />
      </section>
    </div>
  );
}
