import { z } from 'zod';
import { TRANSLATED_LOCALES, type TranslatedLocale } from './constants.js';
import type { Translations } from './catalog.js';
import { valued } from './valued-message.js';

/*
 * Names in any language (issue 42 item 4, decision 67): what an administrator names is sent and
 * stored as `translations`, by language then by field, beside the English. The languages are
 * TRANSLATED_LOCALES; each has its rules below, in its own words for the error messages (a
 * language added to the list is asked for here by the type checker).
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
}

const RULES: Record<TranslatedLocale, LanguageRules> = {
  hi: {
    university: {
      name: translatedLine(/*i18n*/ 'Name in Hindi', 120),
      shortName: translatedLine(/*i18n*/ 'Short name in Hindi', 40),
      aboutText: z.string({ error: 'About Us in Hindi must be text' }).trim().max(4000, 'Keep the About Us text in Hindi under 4000 characters'),
    },
    committee: { committeeName: translatedLine(/*i18n*/ 'Committee name in Hindi', 120) },
    hostel: { name: translatedLine(/*i18n*/ 'Name in Hindi', 60) },
    commonArea: {
      name: z
        .string({ error: 'Name in Hindi must be text' })
        .trim()
        .max(60, 'Name in Hindi is at most 60 characters')
        .regex(/^[^\p{Cc}]*$/u, 'Name in Hindi must be on one line'),
    },
    category: {
      cardTitle: translatedLine(/*i18n*/ 'Card title in Hindi', 60),
      complaintHead: translatedLine(/*i18n*/ 'Complaint heading in Hindi', 80),
      description: z.string({ error: 'Description in Hindi must be text' }).trim().max(200, 'Keep the description in Hindi under 200 characters'),
    },
    subCategory: { name: translatedLine(/*i18n*/ 'A sub-category in Hindi', 60) },
    service: { label: translatedLine(/*i18n*/ 'Label in Hindi', 60) },
  },
};

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
