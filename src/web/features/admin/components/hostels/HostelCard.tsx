import { formatRanges } from '../../../../../shared/catalog';
import { i18n } from '../../../../lib/i18n';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import type { HostelAdmin } from '../../../../../shared/admin';
import { useUpdateHostel } from '../../api/update-hostel';
import type { CardNote } from '../../lib/card-notes';
import { RetirableCard } from '../RetirableCard';
import { CommonAreasPanel } from './CommonAreasPanel';
import { HostelForm } from './HostelForm';
import { translationInputs } from '../../lib/translations';

const floorsLabel = (h: Pick<HostelAdmin, 'floorMin' | 'floorMax'>) =>
  h.floorMin === h.floorMax ? i18n._('Floor {floor}', { floor: h.floorMin }) : i18n._('Floors {from}–{to}', { from: h.floorMin, to: h.floorMax });

/** One hostel: floors, rooms and how many complaints it has; edit, retire, bring back. */
export function HostelCard({ hostel, ...note }: CardNote & { hostel: HostelAdmin }) {
  const update = useUpdateHostel(hostel.id);

  async function toggleRetired() {
    const { floorMin, floorMax, roomRanges } = hostel;
    await update.mutateAsync({ floorMin, floorMax, roomRanges, retired: !hostel.retired });
    return hostel.retired
      ? i18n._('{name} is back in the forms.', { name: hostel.name })
      : i18n._('{name} is retired: students can no longer choose it.', { name: hostel.name });
  }

  return (
    <RetirableCard
      {...note}
      id={`hostel-${hostel.id}`}
      data-testid="hostel"
      name={hostel.name}
      retired={hostel.retired}
      summary={
        <p className="text-sm text-slate-700">
          {translationInputs().map(
            ({ locale }) =>
              hostel.translations[locale]?.name && (
                <span key={locale} className="block" lang={locale}>
                  {hostel.translations[locale]?.name}
                </span>
              ),
          )}
          <WithSlots
            text={i18n._('Code {code} · {floors} · rooms {rooms} · {count, plural, one {# complaint} other {# complaints}}', {
              code: slot('code'),
              floors: floorsLabel(hostel),
              rooms: formatRanges(hostel.roomRanges),
              count: hostel.complaints,
            })}
            slots={{ code: <span className="font-mono">{hostel.code}</span> }}
          />
        </p>
      }
      details={<CommonAreasPanel hostel={hostel} />}
      toggleRetired={toggleRetired}
      toggling={update.isPending}
      renderForm={(done) => <HostelForm hostel={hostel} onSaved={done} />}
    />
  );
}
