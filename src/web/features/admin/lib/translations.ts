import { TRANSLATED_LOCALES, type TranslatedLocale } from '../../../../shared/constants';
import type { Translations } from '../../../../shared/catalog';
import { i18n } from '../../../lib/i18n';

/*
 * The console's inputs for names in other languages (issue 42 item 4, decision 67): one input per
 * language of TRANSLATED_LOCALES beside each English name, worded here for each language. Adding a
 * language adds its entry below (the type checker asks for it) and its words to the catalogues.
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
  cardTitle: TranslationWords;
  complaintHead: TranslationWords;
  description: TranslationWords;
  subCategory: (number: number) => TranslationWords;
  /** The term before a translated name shown on a card ("In Hindi"). */
  shownAs: string;
  /** Audit fields: a translated field's label by the English field's key. */
  auditField: Record<string, string>;
}

/** Translated when shown. */
const WORDS: Record<TranslatedLocale, () => EditorWords> = {
  hi: () => {
    const namedHint = i18n._('Its name for people reading Hindi; left empty, they see the English.');
    const emptyHint = i18n._('Left empty, people reading Hindi see the English.');
    return {
      universityName: { label: i18n._('Name in Hindi (optional)'), hint: i18n._('For people reading Hindi; left empty, they see the English.') },
      universityShortName: { label: i18n._('Short form in Hindi (optional)') },
      universityAbout: { label: i18n._('About Us in Hindi (optional)') },
      committeeName: { label: i18n._('Committee in Hindi (optional)'), hint: namedHint },
      hostelName: { label: i18n._('Hostel in Hindi (optional)'), hint: namedHint },
      areaName: { label: i18n._('Area in Hindi (optional)'), hint: emptyHint },
      serviceLabel: { label: i18n._('Label in Hindi (optional)'), hint: emptyHint },
      cardTitle: { label: i18n._('Title in Hindi (optional)'), hint: i18n._('Shown to people reading Hindi; left empty, they see the English.') },
      complaintHead: { label: i18n._('Heading in Hindi (optional)') },
      description: { label: i18n._('Card line in Hindi (optional)') },
      subCategory: (number) => ({ label: i18n._('Sub-category {number} in Hindi (optional)', { number }) }),
      shownAs: i18n._('In Hindi'),
      auditField: {
        name: i18n._('Name in Hindi'),
        shortName: i18n._('Short name in Hindi'),
        aboutText: i18n._('About Us text in Hindi'),
        committeeName: i18n._('Committee name in Hindi'),
        cardTitle: i18n._('Card title in Hindi'),
        complaintHead: i18n._('Complaint heading in Hindi'),
        description: i18n._('Description in Hindi'),
        label: i18n._('Label in Hindi'),
      },
    };
  },
};

export const editorWords = (locale: TranslatedLocale): EditorWords => WORDS[locale]();

/** Each language with its words, in the list's order: what an editor renders its inputs from. */
export const translationInputs = (): Array<{ locale: TranslatedLocale; words: EditorWords }> =>
  TRANSLATED_LOCALES.map((locale) => ({ locale, words: editorWords(locale) }));
