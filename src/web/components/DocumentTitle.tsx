import { useLayoutEffect } from 'react';
import { SOURCE_LOCALE } from '../../shared/constants';
import { i18n } from '../lib/i18n';

/*
 * The page's title as the tab shows it. React 19 would hoist a <title> rendered anywhere into
 * <head>, beside index.html's own and the prerendered page's, and the browser shows the first of
 * them: after a client-side navigation, the previous page's. So a page says its title with
 * DocumentTitle, which sets document.title while it is shown (and puts index.html's back when a page
 * without one follows). Prerendering renders the element, and scripts/prerender.mjs moves it into the
 * page's <head>, so the tab has the page's name before any script runs; the body that is hydrated
 * has no <title> either way.
 */

/** What <head> says when no page sets a title (index.html's, in the reader's language). */
const startTitle = typeof document === 'undefined' ? '' : document.title;
const untitled = () => (i18n.locale === SOURCE_LOCALE ? startTitle : i18n._('Hostel Complaint Portal'));
/** How many titles are shown now: with none, a change of language retitles the page itself. */
let shown = 0;

export function DocumentTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    shown += 1;
    document.title = children;
    return () => {
      shown -= 1;
      // The next page sets its own title after this cleanup; one without any shows index.html's again.
      if (document.title === children) document.title = untitled();
    };
  }, [children]);
  // Only while prerendering, for scripts/prerender.mjs to lift into <head>.
  return typeof document === 'undefined' ? <title>{children}</title> : null;
}

if (typeof document !== 'undefined') {
  i18n.on('change', () => {
    if (shown === 0) document.title = untitled();
  });
}
