import { categoryByKey, hostelByName, localName, type PublicCatalog } from '../../shared/catalog';
import { useCatalog } from './catalog';
import { useLocale } from './i18n';

/** What a complaint (or cleaning request) is called, as stored in English when it was filed. */
export interface ComplaintNames {
  category: string;
  complaintHead: string;
  subCategory: string;
  hostel: string;
}

/**
 * A complaint's heading, kind and hostel in the reader's language (issue 28). A complaint keeps the
 * English names it was filed with; the catalogue's Hindi names for them are shown when there are
 * some, and the stored English otherwise (a name since renamed or retired, or never translated).
 */
export function localComplaintNames(catalog: PublicCatalog | undefined, locale: string, names: ComplaintNames): ComplaintNames {
  if (!catalog || locale === 'en') return names;
  // Without its key (a followed complaint's view has none), the category whose heading it has.
  const category = categoryByKey(catalog, names.category) ?? catalog.categories.find((c) => c.complaintHead === names.complaintHead);
  const service = category ? undefined : catalog.services.find((s) => s.key === names.category);
  const sameHead = category?.complaintHead === names.complaintHead || service?.label === names.complaintHead;
  const head = category ? category.complaintHeadHi : service?.labelHi;
  const sub = category?.subCategories.find((s) => s.name === names.subCategory);
  const hostel = hostelByName(catalog, names.hostel);
  return {
    category: names.category,
    complaintHead: sameHead ? localName(locale, names.complaintHead, head) : names.complaintHead,
    subCategory: sub ? localName(locale, names.subCategory, sub.nameHi) : names.subCategory,
    hostel: hostel ? localName(locale, names.hostel, hostel.nameHi) : names.hostel,
  };
}

/** `localComplaintNames` with the loaded catalogue and the active language. */
export function useLocalComplaintNames(): (names: ComplaintNames) => ComplaintNames {
  const catalog = useCatalog().data;
  const locale = useLocale();
  return (names) => localComplaintNames(catalog, locale, names);
}

/**
 * Names a complaint or a booking keeps as the English an administrator gave (a hostel, a common
 * area), shown in the reader's language when the catalogue has a Hindi one (issue 28). A name the
 * catalogue no longer has (retired since) shows as it was kept.
 */
export function useLocalPlaceNames() {
  const catalog = useCatalog().data;
  const locale = useLocale();
  const hostelName = (name: string): string => {
    const hostel = catalog ? hostelByName(catalog, name) : undefined;
    return hostel ? localName(locale, hostel.name, hostel.nameHi) : name;
  };
  const commonAreaName = (hostelEn: string, name: string): string => {
    const area = (catalog ? hostelByName(catalog, hostelEn) : undefined)?.commonAreas?.find((a) => a.name === name);
    return area ? localName(locale, area.name, area.nameHi) : name;
  };
  return { hostelName, commonAreaName };
}
