import { options } from 'preact';
import type { VNode } from 'preact';
import { useLayoutEffect } from 'react';
import { SOURCE_LOCALE } from '../../shared/constants';
import { i18n } from '../lib/i18n';

/**
 * React 19 moves a <title> rendered anywhere into <head>; Preact, which runs the app (decision 44),
 * would leave it where it stands, where the browser ignores it. So in the browser every <title>
 * element the app renders becomes DocumentTitle, which renders nothing and sets document.title
 * while it is shown. Prerendering keeps the element, and scripts/prerender.mjs moves it into the
 * page's <head>: the body that is hydrated has no <title> either way.
 */

/** What <head> says when no page sets a title (index.html's, in the reader's language). */
const startTitle = typeof document === 'undefined' ? '' : document.title;
const untitled = () => (i18n.locale === SOURCE_LOCALE ? startTitle : i18n._('Hostel Complaint Portal'));
/** How many titles are shown now: with none, a change of language retitles the page itself. */
let shown = 0;

type TitleText = string | number | Array<string | number>;

function DocumentTitle({ children }: { children?: TitleText }) {
  const text = [children ?? ''].flat().join('');
  useLayoutEffect(() => {
    shown += 1;
    document.title = text;
    return () => {
      shown -= 1;
      // The next page sets its own title after this cleanup; one without any shows index.html's again.
      if (document.title === text) document.title = untitled();
    };
  }, [text]);
  return null;
}

if (typeof document !== 'undefined') {
  i18n.on('change', () => {
    if (shown === 0) document.title = untitled();
  });
  // eslint-disable-next-line @typescript-eslint/unbound-method -- Preact calls its option hooks as plain functions
  const nextVnodeHook = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'title') (vnode as VNode<{ children?: TitleText }>).type = DocumentTitle;
    nextVnodeHook?.(vnode);
  };
}
