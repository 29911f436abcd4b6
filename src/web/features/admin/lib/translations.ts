import { LANGUAGES, TRANSLATED_LOCALES, type TranslatedLocale } from '../../../../shared/constants';
import type { Translations } from '../../../../shared/catalog';
import { i18n } from '../../../lib/i18n';

/*
 * The console's inputs for names in other languages (issue 42 item 4, decision 67): one input per
 * language of TRANSLATED_LOCALES beside each English name, each message naming the language.
 */

/** A form's translations: every language and field as a text, empty meaning "not translated". */
export type TranslationDraft<Field extends string> = Record<TranslatedLocale, Record<Field, string>>;

/** The saved translations as a form edits them; sent back as they are (empty removes one). */
export function translationDraft<Field extends string>(translations: Translations<Field> | undefined, fields: readonly Field[]): TranslationDraft<Field> {
  return Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [locale, Object.fromEntries(fields.map((field) => [field, translations?.[locale]?.[field] ?? '']))]),
  ) as TranslationDraft<Field>;
}

export interface TranslationWords {
  label: string;
  hint?: string;
}

/** What each translated input is called, and the hint under it, in the reader's language. */
export interface EditorWords {
  universityName: TranslationWords;
  universityShortName: TranslationWords;
  universityAbout: TranslationWords;
  committeeName: TranslationWords;
  hostelName: TranslationWords;
  areaName: TranslationWords;
  serviceLabel: TranslationWords;
  holidayName: TranslationWords;
  cardTitle: TranslationWords;
  complaintHead: TranslationWords;
  description: TranslationWords;
  subCategory: (number: number) => TranslationWords;
  /** The term before a translated name shown on a card ("In Hindi"). */
  shownAs: string;
  /** Audit fields: a translated field's label by the English field's key. */
  auditField: Record<string, string>;
}

/** In the reader's language, each message naming the language it is about ("Name in Hindi"). */
function wordsIn(locale: TranslatedLocale): EditorWords {
  const language = i18n._(LANGUAGES[locale].english);
  const namedHint = i18n._('Its name for people reading {language}; left empty, they see the English.', { language });
  const emptyHint = i18n._('Left empty, people reading {language} see the English.', { language });
  return {
    universityName: { label: i18n._('Name in {language} (optional)', { language }), hint: i18n._('For people reading {language}; left empty, they see the English.', { language }) },
    universityShortName: { label: i18n._('Short form in {language} (optional)', { language }) },
    universityAbout: { label: i18n._('About Us in {language} (optional)', { language }) },
    committeeName: { label: i18n._('Committee in {language} (optional)', { language }), hint: namedHint },
    hostelName: { label: i18n._('Hostel in {language} (optional)', { language }), hint: namedHint },
    areaName: { label: i18n._('Area in {language} (optional)', { language }), hint: emptyHint },
    serviceLabel: { label: i18n._('Label in {language} (optional)', { language }), hint: emptyHint },
    holidayName: { label: i18n._('Name in {language} (optional)', { language }), hint: emptyHint },
    cardTitle: { label: i18n._('Title in {language} (optional)', { language }), hint: i18n._('Shown to people reading {language}; left empty, they see the English.', { language }) },
    complaintHead: { label: i18n._('Heading in {language} (optional)', { language }) },
    description: { label: i18n._('Card line in {language} (optional)', { language }) },
    subCategory: (number) => ({ label: i18n._('Sub-category {number} in {language} (optional)', { number, language }) }),
    shownAs: i18n._('In {language}', { language }),
    auditField: {
      name: i18n._('Name in {language}', { language }),
      shortName: i18n._('Short name in {language}', { language }),
      aboutText: i18n._('About Us text in {language}', { language }),
      committeeName: i18n._('Committee name in {language}', { language }),
      cardTitle: i18n._('Card title in {language}', { language }),
      complaintHead: i18n._('Complaint heading in {language}', { language }),
      description: i18n._('Description in {language}', { language }),
      label: i18n._('Label in {language}', { language }),
    },
  };
}

export const editorWords = (locale: TranslatedLocale): EditorWords => wordsIn(locale);

/** Each language with its words, in the list's order: what an editor renders its inputs from. */
export const translationInputs = (): Array<{ locale: TranslatedLocale; words: EditorWords }> =>
  TRANSLATED_LOCALES.map((locale) => ({ locale, words: editorWords(locale) }));
