import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../../../locales/hi/web-staff';
import { formatDateTime } from '../../../../lib/format';
import { i18n } from '../../../../lib/i18n';
import { assignmentNote, escalationNote } from './StaffThread';

describe('an assignment line of the thread, stored in English by the lifecycle', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'hi', messages }));
  afterAll(() => i18n.activate('en'));

  it('is said in the reader language, the names kept whole', () => {
    expect(assignmentNote('Assigned to Ravi Kumar (took it by acknowledging)')).toBe('Ravi Kumar को दी गई (स्वीकार करके ली)');
    expect(assignmentNote('Assigned to Ravi (took it over from Asha (Block 2))')).toBe('Ravi को दी गई (Asha (Block 2) से ली)');
    expect(assignmentNote('Assigned to Ravi (took it)')).toBe('Ravi को दी गई (ख़ुद ली)');
    expect(assignmentNote('Assigned to ravi@vitbhopal.ac.in')).toBe('ravi@vitbhopal.ac.in को दी गई');
    expect(assignmentNote('Unassigned')).toBe('किसी को नहीं दी गई');
  });

  it('leaves a line it does not know as stored', () => {
    expect(assignmentNote('Moved by the warden')).toBe('Moved by the warden');
  });
});

describe('an escalation line of the thread, stored in English by the lifecycle', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'hi', messages }));
  afterAll(() => i18n.activate('en'));

  it('is said in the reader language, the hostel kept as named and the due time on the clock the page shows', () => {
    const due = formatDateTime('2026-03-12T10:00:00Z');
    expect(escalationNote('Late (due 2026-03-12 10:00 UTC): the wardens of Block-1 (Old) were told')).toBe(
      `देर (समय सीमा ${due}): Block-1 (Old) के वार्डन को बताया गया`,
    );
    expect(escalationNote('Late (due 2026-03-12 10:00 UTC): the administrators could not be told — nobody holds that role', (h) => h)).toBe(
      `देर (समय सीमा ${due}): एडमिन को नहीं बताया जा सका — यह भूमिका किसी के पास नहीं है`,
    );
    expect(escalationNote('Late: someone was told')).toBe('Late: someone was told');
  });
});
