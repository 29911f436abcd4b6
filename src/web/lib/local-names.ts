import { hostelByName, localName } from '../../shared/catalog';
import { useCatalog } from './catalog';
import { useLocale } from './i18n';

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
