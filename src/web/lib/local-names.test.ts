import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG, type PublicCatalog } from '../../shared/catalog';
import { localComplaintNames } from './local-names';

/** The seed's catalogue with the mess and Block-2 named in Hindi, as an administrator would. */
const catalog: PublicCatalog = {
  ...DEFAULT_CATALOG,
  hostels: DEFAULT_CATALOG.hostels.map((h) => (h.name === 'Block-2' ? { ...h, translations: { hi: { name: 'ब्लॉक-2' } } } : h)),
  categories: DEFAULT_CATALOG.categories.map((c) =>
    c.key === 'mess'
      ? { ...c, translations: { hi: { complaintHead: 'मेस की शिकायत' } }, subCategories: c.subCategories.map((s) => (s.name === 'Food' ? { ...s, translations: { hi: { name: 'खाना' } } } : s)) }
      : c,
  ),
};
const messFood = { category: 'mess', complaintHead: 'Mess Complaint', subCategory: 'Food', hostel: 'Block-2' };

describe('localComplaintNames', () => {
  it('keeps the stored English for an English reader', () => {
    expect(localComplaintNames(catalog, 'en', messFood)).toEqual(messFood);
  });

  it("gives a Hindi reader the catalogue's Hindi names", () => {
    expect(localComplaintNames(catalog, 'hi', messFood)).toEqual({ category: 'mess', complaintHead: 'मेस की शिकायत', subCategory: 'खाना', hostel: 'ब्लॉक-2' });
  });

  it('finds the category by its heading when the key is not known', () => {
    expect(localComplaintNames(catalog, 'hi', { ...messFood, category: '' }).complaintHead).toBe('मेस की शिकायत');
  });

  it('keeps the English where no Hindi was given, or the name is not in the catalogue any more', () => {
    expect(localComplaintNames(catalog, 'hi', { ...messFood, subCategory: 'Staff', hostel: 'Girls' })).toMatchObject({ subCategory: 'Staff', hostel: 'Girls' });
    expect(localComplaintNames(catalog, 'hi', { ...messFood, complaintHead: 'Food Complaint' }).complaintHead).toBe('Food Complaint');
    expect(localComplaintNames(catalog, 'hi', { category: 'wifi', complaintHead: 'Wifi Complaint', subCategory: 'Slow', hostel: 'Block-9' })).toEqual({
      category: 'wifi',
      complaintHead: 'Wifi Complaint',
      subCategory: 'Slow',
      hostel: 'Block-9',
    });
  });
});
