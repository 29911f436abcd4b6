import { ChoiceChips, type ChoiceChipsProps } from '../../../components/ui/ChoiceChips';

/** "What's wrong?": the category's kinds of problem as chips, instead of a second select the student has to open. */
export function SubCategoryChips({ label = "What's wrong?", ...props }: Omit<ChoiceChipsProps, 'label'> & { label?: string }) {
  return <ChoiceChips label={label} {...props} />;
}
