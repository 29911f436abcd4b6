import { LAUNDRY_SLOTS, type PublicCatalog } from '../../../../shared/catalog';
import { STATUSES, type ComplaintStatus } from '../../../../shared/constants';

/** What the queue is filtered by; kept in the address bar so a view can be reloaded and shared. */
export interface QueueFilters {
  status: ComplaintStatus[];
  category: string;
  subCategory: string;
  hostel: string;
  floor: string;
  olderThanDays: string;
  assignee: '' | 'me' | 'none';
  q: string;
  sort: 'newest' | 'oldest';
}

export const EMPTY_FILTERS: QueueFilters = {
  status: [],
  category: '',
  subCategory: '',
  hostel: '',
  floor: '',
  olderThanDays: '',
  assignee: '',
  q: '',
  sort: 'newest',
};

export interface QueueCategory {
  key: string;
  label: string;
  subCategories: readonly string[];
}

/**
 * Categories a complaint can have: the catalogue's complaint categories and its open services. A
 * cleaning request's sub-category is the service's label, a laundry pickup's its time slot.
 */
export function queueCategories(catalog: PublicCatalog): QueueCategory[] {
  return [
    ...catalog.categories.map((c) => ({ key: c.key, label: c.cardTitle, subCategories: c.subCategories.map((s) => s.name) })),
    ...catalog.services
      .filter((s) => s.enabled)
      .map((s) => ({ key: s.key, label: s.label, subCategories: s.key === 'laundry' ? [...LAUNDRY_SLOTS] : [s.label] })),
  ];
}

export const subCategoriesOf = (catalog: PublicCatalog | undefined, category: string): readonly string[] =>
  (catalog ? queueCategories(catalog) : []).find((c) => c.key === category)?.subCategories ?? [];

/** Statuses that still need work: the one shared definition, offered here to the queue's filters. */
export { OPEN_STATUSES } from '../../../../shared/constants';

const isStatus = (value: string): value is ComplaintStatus => (STATUSES as readonly string[]).includes(value);

/** Sorted in lifecycle order and without repeats, so equal selections give equal addresses. */
export function normaliseStatuses(statuses: readonly string[]): ComplaintStatus[] {
  const wanted = new Set(statuses);
  return STATUSES.filter((s) => wanted.has(s) && isStatus(s));
}

const plausible = (value: string, max: number) => value.length <= max && !/\p{Cc}/u.test(value);

/**
 * Reads the filters from the address bar; anything unknown to the catalogue is ignored rather
 * than sent. Until the catalogue has loaded (`catalog` undefined) plausible values are kept, so a
 * shared address shows its view at once; the server checks them anyway.
 */
export function parseFilters(params: URLSearchParams, catalog: PublicCatalog | undefined): QueueFilters {
  const categories = catalog ? queueCategories(catalog) : undefined;
  const category = params.get('category') ?? '';
  const knownCategory = (categories ? categories.some((c) => c.key === category) : plausible(category, 40)) ? category : '';
  const subCategory = params.get('subCategory') ?? '';
  const knownSubCategory = categories
    ? subCategoriesOf(catalog, knownCategory).includes(subCategory)
    : plausible(subCategory, 60);
  const hostel = params.get('hostel') ?? '';
  const knownHostel = catalog ? catalog.hostels.some((h) => h.name === hostel) : plausible(hostel, 60);
  const floor = params.get('floor') ?? '';
  const olderThanDays = params.get('olderThanDays') ?? '';
  const assignee = params.get('assignee') ?? '';
  return {
    status: normaliseStatuses((params.get('status') ?? '').split(',')),
    category: knownCategory,
    subCategory: knownCategory && knownSubCategory ? subCategory : '',
    hostel: knownHostel ? hostel : '',
    floor: /^\d{1,2}$/.test(floor) ? String(Number(floor)) : '',
    olderThanDays: /^\d{1,4}$/.test(olderThanDays) && Number(olderThanDays) <= 3650 ? String(Number(olderThanDays)) : '',
    assignee: assignee === 'me' || assignee === 'none' ? assignee : '',
    q: (params.get('q') ?? '').trim().slice(0, 200),
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'newest',
  };
}

/** The filters as search parameters, leaving out everything at its default. */
export function filtersToParams(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status.length) params.set('status', filters.status.join(','));
  if (filters.category) params.set('category', filters.category);
  if (filters.category && filters.subCategory) params.set('subCategory', filters.subCategory);
  if (filters.hostel) params.set('hostel', filters.hostel);
  if (filters.floor) params.set('floor', filters.floor);
  if (filters.olderThanDays) params.set('olderThanDays', filters.olderThanDays);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.q) params.set('q', filters.q);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

export const hasFilters = (filters: QueueFilters) =>
  filtersToParams({ ...filters, sort: 'newest' }).toString() !== '';
