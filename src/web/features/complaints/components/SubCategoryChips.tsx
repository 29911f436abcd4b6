import { ChoiceChips, type ChoiceChipsProps } from '../../../components/ui/ChoiceChips';
import { i18n } from '../../../lib/i18n';

/** "What's wrong?": the category's kinds of problem as chips, instead of a second select the student has to open. */
export function SubCategoryChips({ label, ...props }: Omit<ChoiceChipsProps, 'label'> & { label?: string }) {
  return <ChoiceChips label={label ?? i18n._('What\'s wrong?')} {...props} />;
}
