import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { localName, type PublicCatalog } from '../../../../shared/catalog';
import { cleaningBookingCreateSchema, type CleaningBookingCreate, type CleaningSlotOffer } from '../../../../shared/cleaning-schedule';
import { FormAlert } from '../../../components/ui/FormAlert';
import { SelectField, TextField } from '../../../components/ui/FormFields';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { FORM_ERROR, applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n, useLocale } from '../../../lib/i18n';
import { useLocalPlaceNames } from '../../../lib/local-names';
import { usePlace } from '../../../lib/place';
import { useCreateBooking } from '../api/create-booking';
import { useSlots } from '../api/get-slots';
import { dayWords, slotWords } from '../../../lib/cleaning-words';

interface BookingDraft {
  hostel: string;
  slotId: string;
  roomNo: string;
}

const payloadOf = (d: BookingDraft) => ({ hostel: d.hostel, slotId: d.slotId, roomNo: d.roomNo.trim() === '' ? Number.NaN : Number(d.roomNo) });

const offerText = (o: CleaningSlotOffer) => {
  if (o.placesLeft === null) return i18n._('{time} · from {next}', { time: slotWords(o), next: dayWords(o.next) });
  if (o.placesLeft === 0) return i18n._('{time} · from {next} · full', { time: slotWords(o), next: dayWords(o.next) });
  return i18n._('{time} · from {next} · {count, plural, one {# place} other {# places}} left', { time: slotWords(o), next: dayWords(o.next), count: o.placesLeft });
};

/**
 * Booking a weekly time: hostel, one of its times, the room number (checked like a one-off
 * cleaning request), then a question in the page before anything is booked.
 */
export function BookingForm({ catalog }: { catalog: PublicCatalog }) {
  const place = usePlace();
  const create = useCreateBooking();
  const locale = useLocale();
  const { hostelName: localHostel } = useLocalPlaceNames();
  const [asking, setAsking] = useState<{ payload: CleaningBookingCreate; text: string } | null>(null);
  const [booked, setBooked] = useState<string | null>(null);
  const form = useForm<BookingDraft, unknown, CleaningBookingCreate>({
    defaultValues: { hostel: place?.hostel ?? '', slotId: '', roomNo: place?.roomNo ?? '' },
    resolver: draftResolver(cleaningBookingCreateSchema, payloadOf),
    reValidateMode: 'onChange',
  });
  // The remembered place arrives after the first render; it fills the form only if nobody typed yet.
  useEffect(() => {
    if (place && !form.formState.isDirty) form.reset({ hostel: place.hostel, slotId: '', roomNo: place.roomNo });
  }, [place, form]);
  const hostel = useWatch({ control: form.control, name: 'hostel' });
  const slots = useSlots(hostel);
  const offers = slots.data?.items ?? [];

  const ask = form.handleSubmit((payload) => {
    setBooked(null);
    const offer = offers.find((o) => o.id === payload.slotId);
    const hostelName = localHostel(payload.hostel);
    setAsking({
      payload,
      text: offer
        ? i18n._('Book {time} for room {roomNo} of {hostel}?', { time: slotWords(offer), roomNo: payload.roomNo, hostel: hostelName })
        : i18n._('Book this time for room {roomNo} of {hostel}?', { roomNo: payload.roomNo, hostel: hostelName }),
    });
  });

  const confirm = async () => {
    if (!asking) return;
    try {
      const booking = await create.mutateAsync(asking.payload);
      setAsking(null);
      form.reset({ hostel: booking.hostel, slotId: '', roomNo: booking.roomNo });
      setBooked(
        booking.next
          ? i18n._('Booked: {time} for room {roomNo}. First visit {first}.', { time: slotWords(booking), roomNo: booking.roomNo, first: dayWords(booking.next.on) })
          : i18n._('Booked: {time} for room {roomNo}.', { time: slotWords(booking), roomNo: booking.roomNo }),
      );
    } catch (error) {
      setAsking(null);
      applyServerErrors(form, error);
    }
  };

  return (
    <section aria-labelledby="book-heading" className={cn(card, 'mt-6')}>
      <h2 id="book-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Book weekly cleaning')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{i18n._('Housekeeping comes at the same time every week. You can skip a week or cancel at any time.')}</p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          form.clearErrors(FORM_ERROR);
          void ask(event);
        }}
      >
        <SelectField
          control={form.control}
          name="hostel"
          label={i18n._('Hostel')}
          onChangeCapture={() => {
            form.setValue('slotId', '');
            setAsking(null);
          }}
        >
          <option value="">{i18n._('Choose your hostel')}</option>
          {catalog.hostels.map((h) => (
            <option key={h.name} value={h.name}>
              {localName(locale, h, 'name')}
            </option>
          ))}
        </SelectField>
        <SelectField
          control={form.control}
          name="slotId"
          label={i18n._('Time')}
          hint={
            hostel === ''
              ? i18n._('Choose your hostel first.')
              : slots.isPending
                ? i18n._('Loading the times…')
                : slots.isError
                  ? i18n._('The times could not be loaded. Try again in a moment.')
                  : offers.length === 0
                    ? i18n._('{hostel} offers no weekly cleaning yet.', { hostel: localHostel(hostel) })
                    : undefined
          }
          disabled={offers.length === 0}
          onChangeCapture={() => setAsking(null)}
        >
          <option value="">{i18n._('Choose a time')}</option>
          {offers.map((o) => (
            <option key={o.id} value={o.id} disabled={o.placesLeft === 0}>
              {offerText(o)}
            </option>
          ))}
        </SelectField>
        <TextField
          control={form.control}
          name="roomNo"
          label={i18n._('Room number')}
          inputMode="numeric"
          autoComplete="off"
          onChangeCapture={() => setAsking(null)}
        />
        <FormAlert control={form.control} />
        {asking ? (
          <div role="group" aria-labelledby="book-confirm-text" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
            <p id="book-confirm-text" className="font-medium text-brand-950">
              {asking.text}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="primary" pending={create.isPending} pendingLabel={i18n._('Booking…')} onClick={() => void confirm()}>
                {i18n._('Yes, book it')}
              </Button>
              <Button disabled={create.isPending} onClick={() => setAsking(null)}>
                {i18n._('Change')}
              </Button>
            </div>
          </div>
        ) : (
          <Button type="submit" variant="primary">
            {i18n._('Book')}
          </Button>
        )}
      </form>
      <StatusMessage message={booked} className="mt-3" data-testid="booking-status" />
    </section>
  );
}
