import { useEffect, useRef, useState } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../../shared/constants';
import { Radio } from '../../../components/ui/Controls';
import { fieldHint, fieldLabel } from '../../../components/ui/styles';
import { i18n, useLocale } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';

/**
 * The page renders anew in the chosen language (the app remounts), which would drop the keyboard
 * focus on the radio just chosen: the new page's choice takes it back once.
 */
let focusAfterSwitch = false;

/**
 * "Language" on the account page: English or हिन्दी, each named in itself, as radio buttons. It
 * shows the language the server keeps for this person (mail, push and the bell follow it), or the
 * page's language while they have never chosen one. A choice switches the page at once and is saved
 * (`choose`: useChooseLocale, which the header's switch keeps in the first download; imported here,
 * it would split the first download into more files).
 */
export function LanguageChoice({ choose }: { choose: (locale: Locale) => Promise<void> }) {
  const active = useLocale();
  const saved = useMe().data?.locale ?? null;
  // The choice shows as soon as it is made: the page switches only once the language's words have
  // loaded, and a slow phone would otherwise show the old choice checked meanwhile.
  const [picked, setPicked] = useState<Locale | null>(null);
  const chosen: Locale = picked ?? saved ?? active;
  const checkedInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!focusAfterSwitch) return;
    focusAfterSwitch = false;
    checkedInput.current?.focus();
  }, []);

  return (
    <fieldset className="mt-8 min-w-0 border-t border-slate-200 pt-6" aria-describedby="language-hint" data-testid="language-choice">
      <legend className={`${fieldLabel} float-left w-full text-lg`}>{i18n._('Language')}</legend>
      <p id="language-hint" className={`${fieldHint} clear-left`}>
        {i18n._('The portal, your e-mails and your notifications use this language.')}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {LOCALES.map((locale) => (
          <label
            key={locale}
            lang={locale}
            className="relative inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-base font-medium text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
          >
            <Radio
              ref={locale === chosen ? checkedInput : undefined}
              unstyled
              name="language"
              value={locale}
              checked={locale === chosen}
              onChange={() => {
                focusAfterSwitch = locale !== active;
                setPicked(locale);
                // Saved or not, what the server keeps is shown again once the choice is settled.
                void choose(locale).finally(() => setPicked(null));
              }}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full outline-none"
            />
            <span className="pointer-events-none relative">{LOCALE_NAMES[locale]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
