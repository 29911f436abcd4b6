import { describe, expect, it } from 'vitest';
import { allowedTransitions, checkTransition } from './lifecycle.js';

describe('complaint lifecycle', () => {
  it('lets staff move a complaint forward and students close or reopen a resolved one', () => {
    expect(allowedTransitions('submitted', 'staff').map((t) => t.to)).toEqual(['acknowledged', 'in_progress', 'resolved', 'rejected']);
    expect(allowedTransitions('in_progress', 'staff').map((t) => t.to)).toEqual(['resolved', 'rejected']);
    expect(allowedTransitions('resolved', 'student').map((t) => t.to)).toEqual(['closed', 'reopened']);
    expect(allowedTransitions('resolved', 'staff')).toEqual([]);
    expect(allowedTransitions('closed', 'staff')).toEqual([]);
    expect(allowedTransitions('submitted', 'student').map((t) => t.to)).toEqual(['withdrawn']);
  });

  it('lets the student withdraw only what nobody has acknowledged', () => {
    expect(checkTransition('submitted', 'withdrawn', 'student', '').ok).toBe(true);
    for (const from of ['acknowledged', 'in_progress', 'reopened', 'resolved', 'closed', 'rejected'] as const) {
      expect(checkTransition(from, 'withdrawn', 'student', '')).toEqual({ ok: false, reason: 'not_allowed' });
    }
    expect(checkTransition('submitted', 'withdrawn', 'staff', '')).toEqual({ ok: false, reason: 'not_allowed' });
    expect(allowedTransitions('withdrawn', 'staff')).toEqual([]);
  });

  it('requires a reason to reject or reopen', () => {
    expect(checkTransition('submitted', 'rejected', 'staff', '  ')).toEqual({ ok: false, reason: 'reason_required' });
    expect(checkTransition('resolved', 'reopened', 'student', '')).toEqual({ ok: false, reason: 'reason_required' });
    expect(checkTransition('resolved', 'reopened', 'student', 'Still leaking').ok).toBe(true);
  });

  it('refuses jumps the machine does not have', () => {
    expect(checkTransition('submitted', 'closed', 'staff', '')).toEqual({ ok: false, reason: 'not_allowed' });
    expect(checkTransition('rejected', 'in_progress', 'staff', '')).toEqual({ ok: false, reason: 'not_allowed' });
    expect(checkTransition('resolved', 'closed', 'system', '').ok).toBe(true);
    expect(checkTransition('in_progress', 'closed', 'system', '').ok).toBe(false);
  });
});
