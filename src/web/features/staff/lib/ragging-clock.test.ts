import { describe, expect, it } from 'vitest';
import { clockLine, openClocks } from './ragging-clock';

const NOW = Date.parse('2026-03-12T10:00:00Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe('a ragging clock as the duty reads it', () => {
  it('says how long is left, or how late it is and who was told', () => {
    expect(clockLine('FIR decision', at(5), 0, NOW)).toEqual({ text: 'FIR decision due in 5 h', kind: 'soon' });
    expect(clockLine('Enquiry', at(6 * 24 + 20), 0, NOW)).toEqual({ text: 'Enquiry due in 6 d', kind: 'later' });
    // Past due before the job ran: nobody told yet, and it says none.
    expect(clockLine('FIR decision', at(-0.5), 0, NOW)).toEqual({ text: 'FIR decision overdue 30 min', kind: 'overdue' });
    expect(clockLine('FIR decision', at(-2), 1, NOW)).toEqual({ text: 'FIR decision overdue 2 h — nodal officer told', kind: 'overdue' });
    expect(clockLine('Enquiry', at(-30), 2, NOW).text).toBe('Enquiry overdue 30 h — nodal officer and head of the institution told');
  });

  it('lists the open clocks, the FIR decision first, and leaves out what is done or stopped', () => {
    const clock = (state: string, hours: number) => ({ state, dueAt: at(hours), escalationLevel: 0 }) as const;
    const both = openClocks({ fir: clock('running', 3), enquiry: clock('running', 160) } as Parameters<typeof openClocks>[0], NOW);
    expect(both.map((c) => c.text)).toEqual(['FIR decision due in 3 h', 'Enquiry due in 6 d']);
    const decided = openClocks({ fir: clock('done', 3), enquiry: clock('overdue', -1) } as Parameters<typeof openClocks>[0], NOW);
    expect(decided.map((c) => c.text)).toEqual(['Enquiry overdue 1 h']);
    expect(openClocks({ fir: clock('stopped', 3), enquiry: clock('stopped', 9) } as Parameters<typeof openClocks>[0], NOW)).toEqual([]);
  });
});
