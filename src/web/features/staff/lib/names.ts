import { localName, type PublicCatalog } from '../../../../shared/catalog';
import { useCatalog } from '../../../lib/catalog';
import { useLocale } from '../../../lib/i18n';

/**
 * The names an administrator gave (categories, sub-categories, hostels, common areas, services) in
 * the reader's language (issue 28): a complaint stores them in English as filed, the catalogue has
 * the Hindi beside each. A name the catalogue no longer has, or has not translated, shows as stored.
 */
export interface LocalNames {
  /** The category's current heading ("Wi-Fi Complaint") for a complaint filed with `head`. */
  heading: (category: string, head: string) => string;
  /** The category's (or service's) card title, as the queue's filter offers it; `fallback` for one the catalogue no longer has. */
  category: (category: string, fallback: string) => string;
  subCategory: (category: string, subCategory: string) => string;
  hostel: (hostel: string) => string;
  commonArea: (hostel: string, commonArea: string) => string;
}

export function localNames(catalog: PublicCatalog | undefined, locale: string): LocalNames {
  const categoryOf = (key: string) => catalog?.categories.find((c) => c.key === key);
  const serviceOf = (key: string) => catalog?.services.find((s) => s.key === key);
  const hostelOf = (name: string) => catalog?.hostels.find((h) => h.name === name);
  return {
    heading: (key, head) => {
      const category = categoryOf(key);
      if (category) return localName(locale, head, category.complaintHeadHi);
      const service = serviceOf(key);
      return service ? localName(locale, head, service.labelHi) : head;
    },
    category: (key, fallback) => {
      const category = categoryOf(key);
      if (category) return localName(locale, category.cardTitle, category.cardTitleHi);
      const service = serviceOf(key);
      return service ? localName(locale, service.label, service.labelHi) : fallback;
    },
    subCategory: (key, name) => {
      const sub = categoryOf(key)?.subCategories.find((s) => s.name === name);
      if (sub) return localName(locale, name, sub.nameHi);
      // A cleaning request's sub-category is its service's label.
      const service = serviceOf(key);
      return service && service.label === name ? localName(locale, name, service.labelHi) : name;
    },
    hostel: (name) => localName(locale, name, hostelOf(name)?.nameHi),
    commonArea: (hostel, name) => localName(locale, name, hostelOf(hostel)?.commonAreas?.find((a) => a.name === name)?.nameHi),
  };
}

/** The catalogue's names in the active language; renders again when either changes. */
export function useLocalNames(): LocalNames {
  const catalog = useCatalog().data;
  const locale = useLocale();
  return localNames(catalog, locale);
}
