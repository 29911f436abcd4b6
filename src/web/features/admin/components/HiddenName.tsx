import type { ReactNode } from 'react';
import { WithSlots } from '../../../components/ui/WithSlots';

/**
 * A button's words with the name of what it acts on read only by screen readers ("Edit
 * <Block-2>"): `text` is one translated message whose `{name}` placeholder is `slot('name')`.
 */
export function WithHiddenName({ text, name }: { text: string; name: ReactNode }) {
  return <WithSlots text={text} slots={{ name: <span className="sr-only">{name}</span> }} />;
}
