import { useEffect, useRef } from 'react';
import { LOCALE_NAMES, LOCALES } from '../../../../shared/constants';
import { Button } from '../../../components/ui/Button';
import { useLocale } from '../../../lib/i18n';
import { useChooseLocale } from '../api/locale';

/** The app remounts in the new language (providers.tsx): the new switch takes the keyboard focus back once. */
let refocus = false;

/**
 * The header's switch: one tap to the other language, named in itself ("हिन्दी", "English") so a
 * reader finds it whichever language the page is in.
 */
export function LocaleSwitch() {
  const locale = useLocale();
  const choose = useChooseLocale();
  const button = useRef<HTMLButtonElement>(null);
  const other = LOCALES.find((candidate) => candidate !== locale) ?? locale;
  useEffect(() => {
    if (!refocus) return;
    refocus = false;
    button.current?.focus();
  }, []);
  return (
    <Button
      ref={button}
      variant="plain"
      lang={other}
      onClick={() => {
        refocus = button.current === document.activeElement;
        void choose(other);
      }}
      className="min-h-11 shrink-0 rounded-lg px-2 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {LOCALE_NAMES[other]}
    </Button>
  );
}
