import type { RaggingClockItem } from '../../../../shared/ragging';
import { i18n } from '../../../lib/i18n';
import { dueAmount, shortAmount } from './due';

const DAY = 24 * 3_600_000;

/** The two statutory clocks, by the English name the callers give (`openClocks`). */
export type ClockName = 'FIR decision' | 'Enquiry';
export const FIR_DECISION: ClockName = 'FIR decision';
export const ENQUIRY: ClockName = 'Enquiry';

export interface ClockLine {
  text: string;
  /** Past due ('overdue'), due within a day ('soon'), or later. */
  kind: 'overdue' | 'soon' | 'later';
}

/**
 * "FIR decision due in 5 h", "Enquiry overdue 2 h — nodal officer told": where a statutory clock
 * stands at `now`, and who has been told it ran out.
 */
export function clockLine(what: ClockName, dueAt: string, escalationLevel: number, now: number): ClockLine {
  const left = new Date(dueAt).getTime() - now;
  const { value, unit } = dueAmount(left);
  const amount = shortAmount(value, unit);
  if (left > 0) return { text: dueText(what, amount), kind: left <= DAY ? 'soon' : 'later' };
  return { text: overdueText(what, amount, Math.min(Math.max(escalationLevel, 0), 2)), kind: 'overdue' };
}

// Whole sentences, one per clock (each language words them its own way).
function dueText(what: ClockName, amount: string): string {
  return what === 'Enquiry' ? i18n._('Enquiry due in {amount}', { amount }) : i18n._('FIR decision due in {amount}', { amount });
}

/** Who the server told once a clock ran out: its escalation level, 1 the nodal officer, 2 the head too. */
function overdueText(what: ClockName, amount: string, told: number): string {
  if (what === 'Enquiry') {
    if (told === 2) return i18n._('Enquiry overdue {amount} — nodal officer and head of the institution told', { amount });
    if (told === 1) return i18n._('Enquiry overdue {amount} — nodal officer told', { amount });
    return i18n._('Enquiry overdue {amount}', { amount });
  }
  if (told === 2) return i18n._('FIR decision overdue {amount} — nodal officer and head of the institution told', { amount });
  if (told === 1) return i18n._('FIR decision overdue {amount} — nodal officer told', { amount });
  return i18n._('FIR decision overdue {amount}', { amount });
}

type Clock = { state: string; dueAt: string | null; escalationLevel: number };
const isOpen = (clock: Clock): clock is Clock & { dueAt: string } => (clock.state === 'running' || clock.state === 'overdue') && clock.dueAt !== null;

/** A report's clocks still open, the FIR decision's first (it comes first by law). */
export function openClocks(item: Pick<RaggingClockItem, 'fir' | 'enquiry'>, now: number): ClockLine[] {
  const lines: ClockLine[] = [];
  if (isOpen(item.fir)) lines.push(clockLine(FIR_DECISION, item.fir.dueAt, item.fir.escalationLevel, now));
  if (isOpen(item.enquiry)) lines.push(clockLine(ENQUIRY, item.enquiry.dueAt, item.enquiry.escalationLevel, now));
  return lines;
}
