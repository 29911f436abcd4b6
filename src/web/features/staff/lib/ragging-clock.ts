import type { RaggingClockItem } from '../../../../shared/ragging';
import { dueAmount } from './due';

const DAY = 24 * 3_600_000;
const UNIT = { minute: 'min', hour: 'h', day: 'd' } as const;
/** Who the server told once a clock ran out (its escalation level: 1 the nodal officer, 2 the head too). */
const TOLD = ['', 'nodal officer told', 'nodal officer and head of the institution told'] as const;

export interface ClockLine {
  text: string;
  /** Past due ('overdue'), due within a day ('soon'), or later. */
  kind: 'overdue' | 'soon' | 'later';
}

/**
 * "FIR decision due in 5 h", "Enquiry overdue 2 h — nodal officer told": where a statutory clock
 * stands at `now`, and who has been told it ran out.
 */
export function clockLine(what: string, dueAt: string, escalationLevel: number, now: number): ClockLine {
  const left = new Date(dueAt).getTime() - now;
  const { value, unit } = dueAmount(left);
  const amount = `${value} ${UNIT[unit]}`;
  if (left > 0) return { text: `${what} due in ${amount}`, kind: left <= DAY ? 'soon' : 'later' };
  const told = TOLD[Math.min(Math.max(escalationLevel, 0), 2)];
  return { text: `${what} overdue ${amount}${told ? ` — ${told}` : ''}`, kind: 'overdue' };
}

type Clock = { state: string; dueAt: string | null; escalationLevel: number };
const isOpen = (clock: Clock): clock is Clock & { dueAt: string } => (clock.state === 'running' || clock.state === 'overdue') && clock.dueAt !== null;

/** A report's clocks still open, the FIR decision's first (it comes first by law). */
export function openClocks(item: Pick<RaggingClockItem, 'fir' | 'enquiry'>, now: number): ClockLine[] {
  const lines: ClockLine[] = [];
  if (isOpen(item.fir)) lines.push(clockLine('FIR decision', item.fir.dueAt, item.fir.escalationLevel, now));
  if (isOpen(item.enquiry)) lines.push(clockLine('Enquiry', item.enquiry.dueAt, item.enquiry.escalationLevel, now));
  return lines;
}
