import { LAUNDRY_SLOTS, type PublicCatalog } from '../../../../shared/catalog';
import { OPEN_STATUSES as OPEN, STATUSES, type ComplaintStatus } from '../../../../shared/constants';
import type { Attention } from '../../../../shared/queue';
import { i18n } from '../../../lib/i18n';

/** What the queue is filtered by; kept in the address bar so a view can be reloaded and shared. */
export interface QueueFilters {
  status: ComplaintStatus[];
  category: string;
  subCategory: string;
  hostel: string;
  floor: string;
  olderThanDays: string;
  assignee: QueueAssignee;
  q: string;
  sort: QueueSort;
  /** overdue: open and past their due time; today: open and due before midnight on the university's clock (decision 53). Left out: any. */
  due?: QueueDue;
  /** Open complaints a warden or admin was told are late. Left out: any. */
  escalated?: boolean;
}

export type QueueAssignee = '' | 'me' | 'none' | 'me_or_none';
export type QueueSort = 'newest' | 'oldest' | 'due';
export type QueueDue = '' | 'overdue' | 'today';

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

/**
 * "My open work", where the queue opens (below "New"): mine and nobody's, still open, the soonest
 * due (or the longest overdue) first. It is the view of a bare /staff; every other view is spelled
 * out in the address (the unfiltered one as `?view=all`).
 */
export const MY_WORK_FILTERS: QueueFilters = {
  ...EMPTY_FILTERS,
  status: [...OPEN],
  assignee: 'me_or_none',
  sort: 'due',
};

/** New: nobody has acknowledged them yet, the newest first (the first screen's top section). */
export const NEW_FILTERS: QueueFilters = { ...EMPTY_FILTERS, status: ['submitted'] };

/** Open complaints a warden or admin was told are late, the longest overdue first. */
export const ESCALATED_FILTERS: QueueFilters = { ...EMPTY_FILTERS, escalated: true, sort: 'due' };

export const OVERDUE_FILTERS: QueueFilters = { ...EMPTY_FILTERS, due: 'overdue', sort: 'due' };

/** The views offered as one-tap chips above the queue; `count` names the figure of GET /api/staff/attention it shows. */
export const QUEUE_VIEWS = [
  { key: 'mine', filters: MY_WORK_FILTERS, count: 'mine' },
  { key: 'new', filters: NEW_FILTERS, count: 'new' },
  { key: 'escalated', filters: ESCALATED_FILTERS, count: 'escalated' },
  { key: 'overdue', filters: OVERDUE_FILTERS, count: 'overdue' },
  { key: 'today', filters: { ...EMPTY_FILTERS, due: 'today', sort: 'due' }, count: null },
  { key: 'all', filters: EMPTY_FILTERS, count: null },
] as const satisfies ReadonlyArray<{ key: string; filters: QueueFilters; count: keyof Attention | null }>;

/**
 * What needs a warden or admin today: the attention strip's links, each to its view. Overdue and
 * escalated are the chips' own views; reopened and unassigned are spelled out here.
 */
export const ATTENTION_LINKS = [
  { key: 'overdue', filters: OVERDUE_FILTERS },
  { key: 'escalated', filters: ESCALATED_FILTERS },
  { key: 'reopened', filters: { ...EMPTY_FILTERS, status: ['reopened'] } },
  { key: 'unassigned', filters: { ...EMPTY_FILTERS, status: [...OPEN], assignee: 'none', sort: 'due' } },
] as const satisfies ReadonlyArray<{ key: keyof Attention; filters: QueueFilters }>;

export type QueueViewKey = (typeof QUEUE_VIEWS)[number]['key'];

/** The views' names, in the reader's language (read at render time, so they follow a change of language). */
export function viewLabel(key: QueueViewKey): string {
  const labels: Record<QueueViewKey, string> = {
    mine: i18n._('My open work'),
    new: i18n._('New'),
    escalated: i18n._('Escalated'),
    overdue: i18n._('Overdue'),
    today: i18n._('Due today'),
    all: i18n._('All'),
  };
  return labels[key];
}

export function attentionLabel(key: (typeof ATTENTION_LINKS)[number]['key']): string {
  const labels: Record<typeof key, string> = {
    overdue: i18n._('Overdue'),
    escalated: i18n._('Escalated'),
    reopened: i18n._('Reopened'),
    unassigned: i18n._('Unassigned'),
  };
  return labels[key];
}

/** The address parameters that say something about the queue (anything else is ignored). */
const FILTER_KEYS = ['status', 'category', 'subCategory', 'hostel', 'floor', 'olderThanDays', 'assignee', 'q', 'sort', 'due', 'escalated', 'view'];

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
    assignee: parseAssignee(assignee),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    sort: parseSort(params.get('sort')),
    ...withDue(parseDue(params.get('due'))),
    ...(params.get('escalated') === 'true' ? { escalated: true } : {}),
  };
}

const withDue = (due: QueueDue): { due?: QueueDue } => (due ? { due } : {});

/**
 * The queue's view from the address bar: a bare /staff is "My open work" (MY_WORK_FILTERS),
 * anything else is what `parseFilters` reads (`?view=all` alone: no filter at all).
 */
export function parseQueueView(params: URLSearchParams, catalog: PublicCatalog | undefined): QueueFilters {
  if (!FILTER_KEYS.some((key) => params.has(key))) return { ...MY_WORK_FILTERS, status: [...MY_WORK_FILTERS.status] };
  return parseFilters(params, catalog);
}

export function parseAssignee(value: string | null): QueueAssignee {
  return value === 'me' || value === 'none' || value === 'me_or_none' ? value : '';
}

export function parseSort(value: string | null): QueueSort {
  return value === 'oldest' || value === 'due' ? value : 'newest';
}

export function parseDue(value: string | null): QueueDue {
  return value === 'overdue' || value === 'today' ? value : '';
}

const sameFilters = (a: QueueFilters, b: QueueFilters) => apiParams(a).toString() === apiParams(b).toString();

/** The view chip the filters are exactly, if any. */
export function viewOf(filters: QueueFilters): QueueViewKey | null {
  return QUEUE_VIEWS.find((view) => sameFilters(filters, view.filters))?.key ?? null;
}

export const isMyWork = (filters: QueueFilters) => viewOf(filters) === 'mine';

/** The filters as search parameters, leaving out everything at its default (`parseFilters` reads them back). */
export function filtersToParams(filters: QueueFilters): URLSearchParams {
  return apiParams(filters);
}

/**
 * The queue's view for the address bar: nothing for "My open work" (where /staff opens),
 * `view=all` for no filter at all, else `filtersToParams`. `parseQueueView` reads each back.
 */
export function viewToParams(filters: QueueFilters): URLSearchParams {
  if (isMyWork(filters)) return new URLSearchParams();
  const params = apiParams(filters);
  if (params.toString() === '') params.set('view', 'all');
  return params;
}

/** The filters as the queue API takes them (GET /api/staff/complaints), the sort always said. */
export function filtersToApiParams(filters: QueueFilters): URLSearchParams {
  const params = apiParams(filters);
  params.set('sort', filters.sort);
  return params;
}

function apiParams(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status.length) params.set('status', filters.status.join(','));
  if (filters.category) params.set('category', filters.category);
  if (filters.category && filters.subCategory) params.set('subCategory', filters.subCategory);
  if (filters.hostel) params.set('hostel', filters.hostel);
  if (filters.floor) params.set('floor', filters.floor);
  if (filters.olderThanDays) params.set('olderThanDays', filters.olderThanDays);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.q) params.set('q', filters.q);
  if (filters.due) params.set('due', filters.due);
  if (filters.escalated) params.set('escalated', 'true');
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

/** Whether anything but the order narrows the queue. */
export const hasFilters = (filters: QueueFilters) => apiParams({ ...filters, sort: 'newest' }).toString() !== '';
