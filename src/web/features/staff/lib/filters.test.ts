import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG, LAUNDRY_SLOTS, type PublicCatalog } from '../../../../shared/catalog';
import { EMPTY_FILTERS, filtersToParams, hasFilters, normaliseStatuses, parseFilters, queueCategories, subCategoriesOf, type QueueFilters } from './filters';

const withLaundry: PublicCatalog = {
  ...DEFAULT_CATALOG,
  services: DEFAULT_CATALOG.services.map((s) => ({ ...s, enabled: true })),
};

const parse = (query: string) => parseFilters(new URLSearchParams(query), DEFAULT_CATALOG);
/** Before the catalogue has loaded. */
const parseEarly = (query: string) => parseFilters(new URLSearchParams(query), undefined);

describe('the categories a queue can be filtered by', () => {
  it('are the catalogue categories, then the open services, each with its sub-categories', () => {
    const categories = queueCategories(DEFAULT_CATALOG);
    expect(categories.map((c) => c.key)).toEqual(['wifi', 'carpenter', 'water', 'mess', 'electricity', 'other', 'ragging', 'room_cleaning']);
    expect(categories[0]).toEqual({ key: 'wifi', label: 'Wifi', subCategories: ['Not Working', 'Slow', 'Connection Issue', 'Others'] });
    // A cleaning request's sub-category is the service's label; Laundry is off, so it is not offered.
    expect(categories.at(-1)).toEqual({ key: 'room_cleaning', label: 'Room Cleaning', subCategories: ['Room Cleaning'] });
  });

  it('offer Laundry once it is switched on, its time slots as sub-categories', () => {
    expect(queueCategories(withLaundry).at(-1)).toEqual({ key: 'laundry', label: 'Laundry', subCategories: [...LAUNDRY_SLOTS] });
    expect(subCategoriesOf(withLaundry, 'laundry')).toEqual(LAUNDRY_SLOTS);
  });

  it('give no sub-categories for an unknown category or before the catalogue has loaded', () => {
    expect(subCategoriesOf(DEFAULT_CATALOG, 'mess')).toEqual(['Food', 'Staff', 'Other']);
    expect(subCategoriesOf(DEFAULT_CATALOG, 'gym')).toEqual([]);
    expect(subCategoriesOf(DEFAULT_CATALOG, 'laundry')).toEqual([]);
    expect(subCategoriesOf(undefined, 'wifi')).toEqual([]);
  });
});

describe('statuses in the address', () => {
  it('are kept in lifecycle order, once each, and unknown ones are dropped', () => {
    expect(normaliseStatuses(['closed', 'submitted', 'closed', 'lost', '', 'reopened', 'acknowledged'])).toEqual([
      'submitted',
      'acknowledged',
      'closed',
      'reopened',
    ]);
    expect(normaliseStatuses([])).toEqual([]);
    // Inherited names are not statuses.
    expect(normaliseStatuses(['constructor', 'toString'])).toEqual([]);
  });
});

describe('reading the filters from the address bar', () => {
  it('gives the empty filters for an empty address', () => {
    expect(parse('')).toEqual(EMPTY_FILTERS);
    expect(parseEarly('')).toEqual(EMPTY_FILTERS);
  });

  it('reads every filter the catalogue knows', () => {
    expect(
      parse('status=reopened,submitted&category=wifi&subCategory=Slow&hostel=Block-2&floor=3&olderThanDays=7&assignee=me&q=router&sort=oldest'),
    ).toEqual({
      status: ['submitted', 'reopened'],
      category: 'wifi',
      subCategory: 'Slow',
      hostel: 'Block-2',
      floor: '3',
      olderThanDays: '7',
      assignee: 'me',
      q: 'router',
      sort: 'oldest',
    });
  });

  it('ignores a category, sub-category or hostel the catalogue does not have', () => {
    expect(parse('category=gym&subCategory=Treadmill&hostel=Tower A')).toEqual(EMPTY_FILTERS);
    // A sub-category of another category, or without any category, is dropped; the category stays.
    expect(parse('category=wifi&subCategory=Food')).toMatchObject({ category: 'wifi', subCategory: '' });
    expect(parse('subCategory=Slow')).toMatchObject({ category: '', subCategory: '' });
    // Matching is exact.
    expect(parse('category=WIFI&hostel=block-2')).toMatchObject({ category: '', hostel: '' });
  });

  it('keeps plausible values until the catalogue has loaded, so a shared address shows its view at once', () => {
    expect(parseEarly('category=gym&subCategory=Treadmill&hostel=Tower A')).toMatchObject({
      category: 'gym',
      subCategory: 'Treadmill',
      hostel: 'Tower A',
    });
    // Too long, or with control characters, is not plausible.
    expect(parseEarly(`category=${'c'.repeat(41)}&hostel=${'h'.repeat(61)}`)).toMatchObject({ category: '', hostel: '' });
    expect(parseEarly(`category=${'c'.repeat(40)}&hostel=${'h'.repeat(60)}`)).toMatchObject({ category: 'c'.repeat(40), hostel: 'h'.repeat(60) });
    expect(parseEarly('category=wi%0Afi&hostel=Block%002')).toMatchObject({ category: '', hostel: '' });
    // A sub-category needs its category even then.
    expect(parseEarly(`category=${'c'.repeat(41)}&subCategory=Slow`)).toMatchObject({ subCategory: '' });
  });

  it('takes a floor of one or two digits and an age of at most ten years, without leading zeros', () => {
    expect(parse('floor=03').floor).toBe('3');
    expect(parse('floor=0').floor).toBe('0');
    for (const floor of ['123', '-1', '1.5', 'x', ' 3']) expect(parse(`floor=${floor}`).floor).toBe('');
    expect(parse('olderThanDays=0007').olderThanDays).toBe('7');
    expect(parse('olderThanDays=3650').olderThanDays).toBe('3650');
    for (const days of ['3651', '99999', '-7', '7d', '']) expect(parse(`olderThanDays=${days}`).olderThanDays).toBe('');
  });

  it('knows only "me" and "none" as assignees and "oldest" as the other order', () => {
    expect(parse('assignee=none').assignee).toBe('none');
    expect(parse('assignee=someone-else').assignee).toBe('');
    expect(parse('assignee=ME').assignee).toBe('');
    expect(parse('sort=oldest').sort).toBe('oldest');
    expect(parse('sort=random').sort).toBe('newest');
  });

  it('trims the search words and keeps at most 200 characters', () => {
    expect(parse('q=%20%20third%20floor%20').q).toBe('third floor');
    expect(parse(`q=${'w'.repeat(250)}`).q).toBe('w'.repeat(200));
  });
});

describe('writing the filters into the address bar', () => {
  it('leaves out everything at its default', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('writes a sub-category only with its category', () => {
    expect(filtersToParams({ ...EMPTY_FILTERS, subCategory: 'Slow' }).toString()).toBe('');
    expect(filtersToParams({ ...EMPTY_FILTERS, category: 'wifi', subCategory: 'Slow' }).toString()).toBe('category=wifi&subCategory=Slow');
  });

  it('reads back exactly what it wrote', () => {
    const filters: QueueFilters = {
      status: ['acknowledged', 'in_progress'],
      category: 'room_cleaning',
      subCategory: 'Room Cleaning',
      hostel: 'Block-1 (Old)',
      floor: '0',
      olderThanDays: '14',
      assignee: 'none',
      q: 'leaking tap & "sink"',
      sort: 'oldest',
    };
    const params = filtersToParams(filters);
    expect(params.get('status')).toBe('acknowledged,in_progress');
    expect(parseFilters(new URLSearchParams(params.toString()), DEFAULT_CATALOG)).toEqual(filters);
  });

  it('counts as filtered only when something narrows the queue (the order does not)', () => {
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, sort: 'oldest' })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, subCategory: 'Slow' })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, q: 'router' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, status: ['submitted'] })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, floor: '0' })).toBe(true);
  });
});
