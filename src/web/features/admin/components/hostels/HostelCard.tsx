import { formatRanges } from '../../../../../shared/catalog';
import type { HostelAdmin } from '../../../../../shared/admin';
import { useUpdateHostel } from '../../api/update-hostel';
import type { CardNote } from '../../lib/card-notes';
import { RetirableCard } from '../RetirableCard';
import { CommonAreasPanel } from './CommonAreasPanel';
import { HostelForm } from './HostelForm';

const floorsLabel = (h: Pick<HostelAdmin, 'floorMin' | 'floorMax'>) =>
  h.floorMin === h.floorMax ? `Floor ${h.floorMin}` : `Floors ${h.floorMin}–${h.floorMax}`;

/** One hostel: floors, rooms and how many complaints it has; edit, retire, bring back. */
export function HostelCard({ hostel, ...note }: CardNote & { hostel: HostelAdmin }) {
  const update = useUpdateHostel(hostel.id);

  async function toggleRetired() {
    const { floorMin, floorMax, roomRanges } = hostel;
    await update.mutateAsync({ floorMin, floorMax, roomRanges, retired: !hostel.retired });
    return hostel.retired ? `${hostel.name} is back in the forms.` : `${hostel.name} is retired: students can no longer choose it.`;
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
          Code <span className="font-mono">{hostel.code}</span> · {floorsLabel(hostel)} · rooms {formatRanges(hostel.roomRanges)} · {hostel.complaints}{' '}
          {hostel.complaints === 1 ? 'complaint' : 'complaints'}
        </p>
      }
      details={<CommonAreasPanel hostel={hostel} />}
      toggleRetired={toggleRetired}
      toggling={update.isPending}
      renderForm={(done) => <HostelForm hostel={hostel} onSaved={done} />}
    />
  );
}
