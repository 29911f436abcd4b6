import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { ChoiceChipsProps } from '../../../components/ui/ChoiceChips';
import { SubCategoryChips } from './SubCategoryChips';

type ChipsFieldProps<V extends FieldValues, P, N extends FieldPath<V>> = Omit<ChoiceChipsProps, 'label' | 'value' | 'error' | 'onChange'> & {
  control: Control<V, unknown, P>;
  name: N;
  label?: string;
};

/** The chips bound to a form field: its value, its message, and a change like any control's. */
export function ChipsField<V extends FieldValues, P, N extends FieldPath<V>>({ control, name, ...chips }: ChipsFieldProps<V, P, N>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return <SubCategoryChips {...chips} value={typeof value === 'string' ? value : ''} error={fieldState.error?.message} onChange={field.onChange} />;
}
