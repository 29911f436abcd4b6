import type { InputHTMLAttributes } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { TranslatedLocale } from '../../../../shared/constants';
import { TextField } from '../../../components/ui/FormFields';
import { translationInputs, type EditorWords, type TranslationWords } from '../lib/translations';

type Input = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className' | 'children' | 'checked' | 'lang'>;

export interface TranslatedTextFieldsProps<T extends FieldValues, P> extends Input {
  control: Control<T, unknown, P>;
  /** Where a language's text is in the form: `translations.hi.name`, `subCategories.2.translations.hi.name`. */
  name: (locale: TranslatedLocale) => string;
  /** Which of the editor's words label the input ("Hostel in Hindi (optional)"). */
  words: (words: EditorWords) => TranslationWords;
  id?: (locale: TranslatedLocale) => string;
  /** Classes of each field's wrapper (layout). */
  className?: string;
}

/**
 * A name's input in each language but English (decision 67), in the list's order, beside the
 * English one: what every catalogue editor shows, so a new language appears in all of them at once.
 */
export function TranslatedTextFields<T extends FieldValues, P>({ control, name, words, id, ...input }: TranslatedTextFieldsProps<T, P>) {
  return translationInputs().map(({ locale, words: all }) => {
    const { label, hint } = words(all);
    // The path is built from the language at run time; the form's type holds every language's fields.
    const path = name(locale) as FieldPath<T>;
    return <TextField key={locale} {...input} control={control} name={path} id={id?.(locale)} label={label} hint={hint} lang={locale} />;
  });
}
