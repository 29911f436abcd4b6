import { categoryByKey, hostelByName, localName, localNameOr, type PublicCatalog, type Translated } from '../../shared/catalog';
import { areaLabel } from '../../shared/places';
import { useCatalog } from './catalog';
import { i18n, useLocale } from './i18n';

/**
 * The names an administrator gave (categories, sub-categories, hostels, common areas, services) in
 * the reader's language (issue 28). A complaint keeps them in English as filed; the catalogue has
 * their translations beside each. One rule everywhere: the translation is shown for a name the catalogue still
 * has as it was filed; a name since renamed or retired, or never translated, shows as stored.
 */
export interface LocalNames {
  /** The heading ("Wi-Fi Complaint") of a complaint filed under category `key` with `head`. */
  heading: (key: string, head: string) => string;
  /** The category's (or service's) card title, as the queue's filter offers it; `fallback` for one the catalogue no longer has. */
  category: (key: string, fallback: string) => string;
  subCategory: (key: string, subCategory: string) => string;
  hostel: (hostel: string) => string;
  commonArea: (hostel: string, commonArea: string) => string;
}

export function localNames(catalog: PublicCatalog | undefined, locale: string): LocalNames {
  const categoryOf = (key: string) => (catalog ? categoryByKey(catalog, key) : undefined);
  const serviceOf = (key: string) => catalog?.services.find((s) => s.key === key);
  const hostelOf = (name: string) => (catalog ? hostelByName(catalog, name) : undefined);
  return {
    heading: (key, head) => {
      const category = categoryOf(key);
      if (category) return category.complaintHead === head ? localName(locale, category, 'complaintHead') : head;
      const service = serviceOf(key);
      return service && service.label === head ? localName(locale, service, 'label') : head;
    },
    category: (key, fallback) => {
      const category = categoryOf(key);
      if (category) return localName(locale, category, 'cardTitle');
      const service = serviceOf(key);
      return service ? localName(locale, service, 'label') : fallback;
    },
    subCategory: (key, name) => {
      const sub = categoryOf(key)?.subCategories.find((s) => s.name === name);
      if (sub) return localName(locale, sub, 'name');
      // A cleaning request's sub-category is its service's label.
      const service = serviceOf(key);
      return service && service.label === name ? localName(locale, service, 'label') : name;
    },
    hostel: (name) => localNameOr(locale, name, hostelOf(name), 'name'),
    commonArea: (hostel, stored) => {
      // A complaint keeps the area as it was called at filing: "Floor 3 washroom" (or its bare name).
      const area = hostelOf(hostel)?.commonAreas?.find((a) => areaLabel(a) === stored || a.name === stored);
      if (!area) return stored;
      return stored === areaLabel(area) ? localAreaLabel(locale, area) : localName(locale, area, 'name');
    },
  };
}

/** "Floor 3 washroom" in the reader's words, with the area's translated name when it has one. */
export function localAreaLabel(locale: string, area: Translated<'name'> & { floor: number | null }): string {
  if (locale === 'en') return areaLabel(area);
  const name = localName(locale, area, 'name');
  return area.floor === null ? name : i18n._('Floor {floor} {area}', { floor: area.floor, area: name });
}

/** A place in one line, as a label names it: "Room 214, Block-2", "Floor 3 washroom, Block-2" (names already local). */
export function placeLine(place: { hostel: string; roomNo: string; area: string | null }): string {
  if (place.area) return i18n._('{area}, {hostel}', { area: place.area, hostel: place.hostel });
  return place.roomNo ? i18n._('Room {room}, {hostel}', { room: place.roomNo, hostel: place.hostel }) : place.hostel;
}

/** The catalogue's names in the active language; renders again when either changes. */
export function useLocalNames(): LocalNames {
  const catalog = useCatalog().data;
  const locale = useLocale();
  return localNames(catalog, locale);
}

/** What a complaint (or cleaning request) is called, as stored in English when it was filed. */
export interface ComplaintNames {
  category: string;
  complaintHead: string;
  subCategory: string;
  hostel: string;
}

/** A complaint's heading, kind and hostel in the reader's language, by the rule of `localNames`. */
export function localComplaintNames(catalog: PublicCatalog | undefined, locale: string, names: ComplaintNames): ComplaintNames {
  if (!catalog || locale === 'en') return names;
  // Without its key (a followed complaint's view has none), the category whose heading it has.
  const key = categoryByKey(catalog, names.category) ? names.category : (catalog.categories.find((c) => c.complaintHead === names.complaintHead)?.key ?? names.category);
  const local = localNames(catalog, locale);
  return {
    category: names.category,
    complaintHead: local.heading(key, names.complaintHead),
    subCategory: local.subCategory(key, names.subCategory),
    hostel: local.hostel(names.hostel),
  };
}

/** `localComplaintNames` with the loaded catalogue and the active language. */
export function useLocalComplaintNames(): (names: ComplaintNames) => ComplaintNames {
  const catalog = useCatalog().data;
  const locale = useLocale();
  return (names) => localComplaintNames(catalog, locale, names);
}

/** A hostel's and a common area's names in the reader's language (a booking, a place page). */
export function useLocalPlaceNames() {
  const names = useLocalNames();
  return { hostelName: names.hostel, commonAreaName: names.commonArea };
}
