import { Fragment } from 'react';
import type { ReactNode } from 'react';

/**
 * A translated sentence with elements inside it (a link, a bold name), kept one message so each
 * language orders its words itself (decision 52):
 *
 *   <WithSlots
 *     text={i18n._('Read {rules} before you file.', { rules: slot('rules') })}
 *     slots={{ rules: <Link to="/about">{i18n._('the rules')}</Link> }}
 *   />
 */
const MARK = '\u2063';

/** The value to give a placeholder that `WithSlots` fills with an element. */
export function slot(name: string): string {
  return `${MARK}${name}${MARK}`;
}

export function WithSlots({ text, slots }: { text: string; slots: Record<string, ReactNode> }) {
  // Split on the marks: even parts are text, odd parts name a slot.
  const parts = text.split(MARK);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{index % 2 === 1 ? (slots[part] ?? part) : part}</Fragment>
      ))}
    </>
  );
}
