import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from '../../../../shared/catalog';
import { OPEN_STATUSES } from '../../../../shared/constants';
import { dueAmount, dueState, relativeDue } from './due';
import {
  EMPTY_FILTERS,
  MY_WORK_FILTERS,
  QUEUE_VIEWS,
  filtersToApiParams,
  filtersToParams,
  hasFilters,
  isMyWork,
  parseFilters,
  parseQueueView,
  viewOf,
  viewToParams,
  type QueueFilters,
} from './filters';
import { nextNumber } from './queue-session';

const view = (query: string) => parseQueueView(new URLSearchParams(query), DEFAULT_CATALOG);

describe('"My open work", where the queue opens', () => {
  it('is mine and nobody\'s, the open statuses, soonest due first', () => {
    expect(MY_WORK_FILTERS).toMatchObject({ assignee: 'me_or_none', sort: 'due', status: [...OPEN_STATUSES] });
    expect(view('')).toEqual(MY_WORK_FILTERS);
    expect(isMyWork(view(''))).toBe(true);
  });

  it('is a bare /staff in the address, and the unfiltered view is ?view=all', () => {
    expect(viewToParams(MY_WORK_FILTERS).toString()).toBe('');
    expect(viewToParams(EMPTY_FILTERS).toString()).toBe('view=all');
    expect(view('view=all')).toEqual(EMPTY_FILTERS);
  });

  it('becomes another view as soon as anything changes, and that view reads back', () => {
    const searched = { ...MY_WORK_FILTERS, q: 'third floor' };
    const params = viewToParams(searched);
    expect(params.get('q')).toBe('third floor');
    expect(params.get('assignee')).toBe('me_or_none');
    expect(params.get('sort')).toBe('due');
    expect(view(params.toString())).toEqual(searched);
    expect(isMyWork(searched)).toBe(false);
  });

  it('ignores parameters that say nothing about the queue', () => {
    expect(view('utm=x&ref=mail')).toEqual(MY_WORK_FILTERS);
  });
});

describe('due filters and the due order', () => {
  it('reads overdue and today, and nothing else, as the due filter', () => {
    expect(parseFilters(new URLSearchParams('due=overdue'), DEFAULT_CATALOG).due).toBe('overdue');
    expect(parseFilters(new URLSearchParams('due=today'), DEFAULT_CATALOG).due).toBe('today');
    expect(parseFilters(new URLSearchParams('due=tomorrow'), DEFAULT_CATALOG).due).toBeUndefined();
  });

  it('reads sort=due and me_or_none', () => {
    const filters = parseFilters(new URLSearchParams('sort=due&assignee=me_or_none'), DEFAULT_CATALOG);
    expect(filters).toMatchObject({ sort: 'due', assignee: 'me_or_none' });
  });

  it('writes the due filter and reads it back', () => {
    const filters: QueueFilters = { ...EMPTY_FILTERS, due: 'today', sort: 'due', hostel: 'Block-2' };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('hostel=Block-2&due=today&sort=due');
    expect(parseFilters(params, DEFAULT_CATALOG)).toEqual(filters);
  });

  it('counts the due filter as a filter, not the due order', () => {
    expect(hasFilters({ ...EMPTY_FILTERS, sort: 'due' })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, due: 'overdue' })).toBe(true);
  });

  it('always tells the API the order, the default one too', () => {
    expect(filtersToApiParams(EMPTY_FILTERS).toString()).toBe('sort=newest');
    expect(filtersToApiParams(MY_WORK_FILTERS).toString()).toBe(
      'status=submitted%2Cacknowledged%2Cin_progress%2Creopened&assignee=me_or_none&sort=due',
    );
  });

  it('recognises each view chip, and no chip for a hand-made view', () => {
    for (const chip of QUEUE_VIEWS) expect(viewOf(view(viewToParams(chip.filters).toString()))).toBe(chip.key);
    expect(viewOf({ ...EMPTY_FILTERS, due: 'overdue', sort: 'due' })).toBe('overdue');
    expect(viewOf({ ...EMPTY_FILTERS, due: 'overdue' })).toBeNull();
  });
});

describe('due badges', () => {
  const now = Date.parse('2026-03-12T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();
  const HOUR = 3_600_000;

  it('say how late a complaint is, in the largest whole unit', () => {
    expect(dueState(at(-3 * HOUR - 5 * 60_000), 'submitted', now, 'en')).toEqual({
      kind: 'overdue',
      short: 'Overdue 3 h',
      long: 'Overdue by 3 hours',
    });
    expect(dueState(at(-20 * 60_000), 'acknowledged', now, 'en')?.short).toBe('Overdue 20 min');
    expect(dueState(at(-3 * 24 * HOUR), 'reopened', now, 'en')?.short).toBe('Overdue 3 d');
  });

  it('say how long is left: soon within a day, later after', () => {
    expect(dueState(at(5 * HOUR), 'in_progress', now, 'en')).toEqual({ kind: 'soon', short: 'Due in 5 h', long: 'Due in 5 hours' });
    expect(dueState(at(30 * HOUR), 'submitted', now, 'en')).toMatchObject({ kind: 'later', short: 'Due in 30 h' });
    expect(dueState(at(72 * HOUR), 'submitted', now, 'en')?.short).toBe('Due in 3 d');
  });

  it('say nothing once the complaint is no longer open, or for a date that is not one', () => {
    for (const status of ['resolved', 'closed', 'rejected'] as const) expect(dueState(at(-HOUR), status, now)).toBeNull();
    expect(dueState('soon', 'submitted', now)).toBeNull();
  });

  it('give a relative time for the tooltip', () => {
    expect(relativeDue(at(-2 * HOUR), now, 'en')).toBe('2 hours ago');
    expect(relativeDue(at(5 * HOUR), now, 'en')).toBe('in 5 hours');
    expect(dueAmount(30_000)).toEqual({ value: 1, unit: 'minute' });
  });
});

describe('"Next complaint"', () => {
  it('is the one after the current complaint in the remembered view, none at the end', () => {
    expect(nextNumber(['A', 'B', 'C'], 'A')).toBe('B');
    expect(nextNumber(['A', 'B', 'C'], 'C')).toBeNull();
    expect(nextNumber(['A', 'B'], 'Z')).toBeNull();
  });
});
