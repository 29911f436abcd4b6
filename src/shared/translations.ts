import { z } from 'zod';
import { LANGUAGES, TRANSLATED_LOCALES, type TranslatedLocale } from './constants.js';
import type { Translations } from './catalog.js';
import { valued } from './valued-message.js';

/*
 * Names in any language (issue 42 item 4, decision 67): what an administrator names is sent and
 * stored as `translations`, by language then by field, beside the English. The languages are
 * TRANSLATED_LOCALES; each has the same rules, its messages naming the language.
 */

/** A translated line: optional, empty meaning "not translated" (the English shows), the English's length and one-line rules. */
const translatedLine = (label: string, max: number) =>
  z
    .string({ error: valued(/*i18n*/ '{label} must be text', { label }, ['label']) })
    .trim()
    .max(max, valued(/*i18n*/ '{label} is at most {max} characters', { label, max }, ['label']))
    .regex(/^[^\p{Cc}]*$/u, valued(/*i18n*/ '{label} must be on one line', { label }, ['label']));

type Rules<Field extends string> = Record<Field, z.ZodType<string>>;

interface LanguageRules {
  university: Rules<'name' | 'shortName' | 'aboutText'>;
  committee: Rules<'committeeName'>;
  hostel: Rules<'name'>;
  commonArea: Rules<'name'>;
  category: Rules<'cardTitle' | 'complaintHead' | 'description'>;
  subCategory: Rules<'name'>;
  service: Rules<'label'>;
  holiday: Rules<'name'>;
}

/** A language's rules, its messages naming it ("Name in {language}"), so a new language needs none of its own. */
function rulesIn(locale: TranslatedLocale): LanguageRules {
  const named = (template: string) => valued(template, { language: LANGUAGES[locale].english }, ['language']);
  const line = (label: string, max: number) => translatedLine(named(label), max);
  const text = (mustBeText: string, max: number, tooLong: string) => z.string({ error: named(mustBeText) }).trim().max(max, named(tooLong));
  return {
    university: {
      name: line(/*i18n*/ 'Name in {language}', 120),
      shortName: line(/*i18n*/ 'Short name in {language}', 40),
      aboutText: text(/*i18n*/ 'About Us in {language} must be text', 4000, /*i18n*/ 'Keep the About Us text in {language} under 4000 characters'),
    },
    committee: { committeeName: line(/*i18n*/ 'Committee name in {language}', 120) },
    hostel: { name: line(/*i18n*/ 'Name in {language}', 60) },
    commonArea: { name: line(/*i18n*/ 'Name in {language}', 60) },
    category: {
      cardTitle: line(/*i18n*/ 'Card title in {language}', 60),
      complaintHead: line(/*i18n*/ 'Complaint heading in {language}', 80),
      description: text(/*i18n*/ 'Description in {language} must be text', 200, /*i18n*/ 'Keep the description in {language} under 200 characters'),
    },
    subCategory: { name: line(/*i18n*/ 'A sub-category in {language}', 60) },
    service: { label: line(/*i18n*/ 'Label in {language}', 60) },
    holiday: { name: line(/*i18n*/ 'Name in {language}', 80) },
  };
}

const RULES = Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, rulesIn(locale)])) as Record<TranslatedLocale, LanguageRules>;

type FieldsOf<Kind extends keyof LanguageRules> = keyof LanguageRules[Kind] & string;

/**
 * The translations an update carries for one kind of thing: every language and every field is
 * optional (left out: unchanged), an empty text removes the translation.
 */
export function translationsInput<Kind extends keyof LanguageRules>(kind: Kind): z.ZodType<Translations<FieldsOf<Kind>>, Translations<FieldsOf<Kind>>> {
  const language = (locale: TranslatedLocale) =>
    z.object(Object.fromEntries(Object.entries<z.ZodType<string>>(RULES[locale][kind]).map(([field, rule]) => [field, rule.optional()]))).optional();
  // The languages are a list known at run time: zod types such an object as a record of them, which
  // the return type narrows to the fields of this kind.
  return z.object(Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, language(locale)])));
}

/** The translations a response carries (what is saved: only given ones). */
export function translationsView<Field extends string>(fields: readonly Field[]): z.ZodType<Translations<Field>, Translations<Field>> {
  const language = z.object(Object.fromEntries(fields.map((field) => [field, z.string().optional()]))).optional();
  // As above: the languages come from a list.
  return z.object(Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, language])));
}
