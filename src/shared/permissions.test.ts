import { describe, expect, it } from 'vitest';
import { ROLES } from './constants.js';
import { PERMISSIONS, ROLE_PERMISSIONS, WORKER_ROLES, can, isWorkerRole, rolesThatCan } from './permissions.js';

describe('the permissions map (issue 42)', () => {
  it('gives each role what it did before, and nothing a lower role should not have', () => {
    expect(rolesThatCan('complaint.file')).toEqual(['student']);
    expect(rolesThatCan('queue.work')).toEqual(['staff', 'warden', 'admin']);
    expect(rolesThatCan('queue.oversee')).toEqual(['warden', 'admin']);
    expect(rolesThatCan('insights.read')).toEqual(['warden', 'admin']);
    for (const permission of ['admin.console', 'mail.read', 'audit.read', 'labels.print', 'scope.everything'] as const) {
      expect(rolesThatCan(permission)).toEqual(['admin']);
    }
    expect(can('staff', 'admin.console')).toBe(false);
    expect(can('student', 'queue.work')).toBe(false);
  });

  it('names only known permissions, for every role, once each', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) {
      const given = ROLE_PERMISSIONS[role];
      expect(given.every((p) => (PERMISSIONS as readonly string[]).includes(p))).toBe(true);
      expect(new Set(given).size).toBe(given.length);
    }
  });

  it('derives the roles that work complaints from the map', () => {
    expect(WORKER_ROLES).toEqual(['staff', 'warden', 'admin']);
    expect(isWorkerRole('student')).toBe(false);
  });
});
