import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';
import { useGrievanceSeats, type GrievanceSeats } from '../api/get-seats';

/** A console for those who sit on the ladder: the committee's members, or the Ombudsperson (and the head of the institution, to read). */
export function SeatGate({ seat, children }: { seat: 'committee' | 'ombudsperson'; children: ReactNode }) {
  return <SignedInGate>{() => <Seated seat={seat}>{children}</Seated>}</SignedInGate>;
}

/** The head of the institution reads both consoles: a missed clock's second reminder reaches them. */
const seated = (seats: GrievanceSeats, seat: 'committee' | 'ombudsperson') => seats.head || (seat === 'committee' ? seats.committee !== null : seats.ombudsperson);

function Seated({ seat, children }: { seat: 'committee' | 'ombudsperson'; children: ReactNode }) {
  const seats = useGrievanceSeats();
  if (seats.isPending) return <LoadingStatus />;
  if (seats.isError) return <LoadError error={seats.error} onRetry={() => void seats.refetch()} />;
  if (seated(seats.data, seat)) return children;
  return (
    <div className={cn(card, 'mt-6')} data-testid="not-seated">
      <h2 className="text-lg font-semibold text-slate-900">
        {seat === 'committee' ? i18n._('This page is for the grievance committee') : i18n._('This page is for the Ombudsperson')}
      </h2>
      <p className="mt-2 text-slate-700">{i18n._('The administrators name the committee’s members and the Ombudsperson in the admin console.')}</p>
      <Link to="/" className={cn(buttonPrimary, 'mt-4')}>
        {i18n._('Go to the start page')}
      </Link>
    </div>
  );
}
