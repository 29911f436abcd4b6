import { Link } from 'react-router';
import { CatalogGate } from '../../../components/CatalogGate';
import { PageHeading } from '../../../components/ui/PageHeading';
import { card, textLink } from '../../../components/ui/styles';
import { useCatalog } from '../../../lib/catalog';
import { i18n, useLocale } from '../../../lib/i18n';
import { DEFAULT_ABOUT_TEXT, localName, localNameOr, type Translated } from '../../../../shared/catalog';

const journey = [
  {
    title: () => i18n._('You file it'),
    text: () => i18n._('Signed in with your university account, you pick a category and tell us your hostel, floor, room number and what is wrong. Room cleaning is requested from the Assistance page.'),
  },
  {
    title: () => i18n._('The portal stores and routes it'),
    text: () => i18n._('The server saves your complaint with a complaint number and sends it to the e-mail address of the facility team responsible for that category and hostel.'),
  },
  {
    title: () => i18n._('Staff work on it'),
    text: () => i18n._('The team acknowledges the complaint, works on it and marks it resolved. Every change of status is recorded with a note.'),
  },
  {
    title: () => i18n._('You follow it'),
    text: () => i18n._('Under My complaints you see every complaint you filed, its current status and its full timeline.'),
  },
] as const;

/** The administrator's text, one paragraph per block between blank lines; always plain text. */
function aboutParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** Shown once the catalogue is there; the gate at the top of the page reports loading and failure. */
function WhoRunsIt() {
  const university = useCatalog().data?.university;
  const locale = useLocale();
  if (!university) return null;
  return (
    <>
      <div className="mt-3 flex items-center gap-3">
        {university.logoUrl && (
          <img src={university.logoUrl} alt="" width={48} height={48} className="size-12 shrink-0 rounded object-contain" />
        )}
        <p className="text-slate-700">
          {i18n._('The portal is run by the hostel administration of {university}.', { university: localName(locale, university, 'name') })}
        </p>
      </div>
      {university.credits.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">{i18n._('Credits')}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700" data-testid="credits">
            {university.credits.map((credit) => (
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
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <section aria-labelledby="about-heading">
        <PageHeading id="about-heading" title={i18n._('About Us · Hostel Complaint Portal')}>
          {i18n._('About Us')}
        </PageHeading>
        <CatalogGate>
          {(catalog) => (
            <div className="mt-3 space-y-3 text-lg text-slate-700" data-testid="about-text">
              {aboutParagraphs(aboutText(locale, catalog.university)).map((paragraph, index) => (
                // Paragraphs have no identity of their own: their place in the text is it.
                <p key={index} className="whitespace-pre-line wrap-anywhere">
                  {paragraph}
                </p>
              ))}
            </div>
          )}
        </CatalogGate>
      </section>

      <section aria-labelledby="journey-heading">
        <h2 id="journey-heading" className="text-xl font-semibold text-slate-900">
          {i18n._('How a complaint travels')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {journey.map((step, index) => (
            <li key={index} className={`${card} flex gap-3`}>
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-slate-900"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{step.title()}</h3>
                <p className="mt-1 text-sm text-slate-700">{step.text()}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-4">
          <Link to="/complaints" className={textLink}>
            {i18n._('File a complaint')}
          </Link>
        </p>
      </section>

      <section aria-labelledby="who-heading">
        <h2 id="who-heading" className="text-xl font-semibold text-slate-900">
          {i18n._('Who runs it')}
        </h2>
        <WhoRunsIt />
      </section>
    </div>
  );
}

/** The administrator's text in the reader's language; the portal's own default is a message of ours, said in theirs. */
function aboutText(locale: string, university: Translated<'aboutText'>): string {
  if (university.aboutText === DEFAULT_ABOUT_TEXT && !localNameOr(locale, '', university, 'aboutText')) return i18n._(DEFAULT_ABOUT_TEXT);
  return localName(locale, university, 'aboutText');
}
