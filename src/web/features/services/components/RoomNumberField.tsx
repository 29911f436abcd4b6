import { useController } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { hostelByName } from '../../../../shared/catalog';
import type { PublicCatalog } from '../../../../shared/catalog';
import { VALID_ROOM_MESSAGE } from '../../../../shared/complaints';
import { TextInput } from '../../../components/ui/Controls';
import { Field } from '../../../components/ui/Field';
import { roomHint } from '../../../lib/catalog-hints';
import { i18n } from '../../../lib/i18n';
import { fieldId, type AssistanceDraft, type AssistanceRequest } from '../lib/assistance';

/**
 * The room number, with the hostel's rooms as a hint. Whatever is wrong with it, the student reads
 * the seed's one message, announced at once.
 */
export function RoomNumberField({ control, catalog, hostel }: { control: Control<AssistanceDraft, unknown, AssistanceRequest>; catalog: PublicCatalog; hostel: string }) {
  const { field, fieldState } = useController({ control, name: 'roomNo' });
  return (
    <Field
      id={fieldId('roomNo')}
      label={i18n._('Room number')}
      error={fieldState.error === undefined ? undefined : i18n._(VALID_ROOM_MESSAGE)}
      hint={roomHint(hostelByName(catalog, hostel), catalog.hostels)}
      alertError
    >
      {(aria) => (
        <TextInput
          {...aria}
          ref={field.ref}
          name={field.name}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}
