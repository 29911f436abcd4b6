import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from '../../../../shared/catalog';
import { ESCALATED_VIEW_PATH } from '../../../../shared/notification-groups';
import { ATTENTION_LINKS, ESCALATED_FILTERS, EMPTY_FILTERS, NEW_FILTERS, QUEUE_VIEWS, filtersToApiParams, hasFilters, parseQueueView, viewOf, viewToParams } from './filters';

const view = (query: string) => parseQueueView(new URLSearchParams(query), DEFAULT_CATALOG);

describe('the views of the first screen', () => {
  it('"New" is what nobody acknowledged yet, newest first', () => {
    expect(viewToParams(NEW_FILTERS).toString()).toBe('status=submitted');
    expect(viewOf(view('status=submitted'))).toBe('new');
  });

  it('"Escalated" is the address a late bell or mail leads to, and reads back', () => {
    expect(`/staff?${viewToParams(ESCALATED_FILTERS).toString()}`).toBe(ESCALATED_VIEW_PATH);
    const parsed = view(new URL(ESCALATED_VIEW_PATH, 'https://portal.example').searchParams.toString());
    expect(parsed).toEqual(ESCALATED_FILTERS);
    expect(viewOf(parsed)).toBe('escalated');
    expect(filtersToApiParams(parsed).get('escalated')).toBe('true');
    expect(hasFilters({ ...EMPTY_FILTERS, escalated: true })).toBe(true);
    // Anything but true is no filter.
    expect(view('escalated=yes').escalated).toBeUndefined();
  });

  it('gives every chip and every attention link an address that reads back as itself', () => {
    for (const chip of QUEUE_VIEWS) expect(viewOf(view(viewToParams(chip.filters).toString()))).toBe(chip.key);
    for (const link of ATTENTION_LINKS) expect(view(viewToParams(link.filters).toString())).toEqual({ ...link.filters, status: [...link.filters.status] });
  });
});
