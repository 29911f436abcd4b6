import { categoryByKey, checkComplaintPlace, checkPlace, floorMessage, hostelByName, type FieldProblems, type PublicCatalog } from './catalog.js';
import { PLACE_KINDS, RAGGING_CATEGORY } from './constants.js';

/*
 * Where a ragging report says it happened (decision 40): required, while the reporter's own room
 * may be left out, because a room narrows a confidential reporter down to its occupants. Apart
 * from catalog.ts on purpose: every page loads that module, only the forms and the server need this.
 */

export interface FiledPlace {
  category: string;
  hostel: string;
  floor: number;
  roomNo: string;
  subCategory: string;
  placeKind?: string | undefined;
  placeText?: string | undefined;
  commonAreaId?: string | undefined;
}

/** A ragging report: its kind, where it happened, its hostel, and the reporter's room only when given. */
export function checkReportPlace(catalog: PublicCatalog, input: FiledPlace): FieldProblems {
  const problems: FieldProblems = {};
  const cat = categoryByKey(catalog, input.category);
  if (!cat) problems.category = /*i18n*/ 'Choose a category';
  else if (!cat.subCategories.some((s) => s.name === input.subCategory)) problems.subCategory = /*i18n*/ 'Choose what kind of problem it is';
  if (!(PLACE_KINDS as readonly string[]).includes(input.placeKind ?? '')) problems.placeKind = /*i18n*/ 'Say where it happened';
  if (!input.placeText?.trim()) problems.placeText = /*i18n*/ 'Describe where it happened';
  if (input.roomNo.trim() !== '') return { ...problems, ...checkPlace(catalog, input) };
  const hostel = hostelByName(catalog, input.hostel);
  if (!hostel) problems.hostel = /*i18n*/ 'Choose your hostel';
  // Without a room the floor is not kept (it would narrow the reporter as the room does), but a
  // floor the hostel does not have is a mistake the reporter should hear of, not a silent 0.
  else if (!Number.isInteger(input.floor) || input.floor < Math.min(0, hostel.floorMin) || input.floor > hostel.floorMax) problems.floor = floorMessage(hostel);
  return problems;
}

/** Any complaint as filed: a ragging report by the rules above; every other one by its room, and without a place. */
export function checkFiledPlace(catalog: PublicCatalog, input: FiledPlace): FieldProblems {
  if (input.category === RAGGING_CATEGORY) {
    const problems = checkReportPlace(catalog, input);
    // A ragging report says where it happened in its own words, never by a common area.
    if (input.commonAreaId !== undefined) problems.commonAreaId = /*i18n*/ 'A ragging report says where it happened instead';
    return problems;
  }
  // A common area stands for the floor and room: the server checks it belongs to the hostel.
  const problems = input.commonAreaId === undefined ? checkComplaintPlace(catalog, input) : checkCommonAreaFiling(catalog, input);
  if (input.placeKind !== undefined || input.placeText !== undefined) problems.placeKind = /*i18n*/ 'Only a ragging report says where it happened';
  return problems;
}

/** A complaint filed for a common area: its category and sub-category, and its hostel. */
function checkCommonAreaFiling(catalog: PublicCatalog, input: FiledPlace): FieldProblems {
  const problems: FieldProblems = {};
  const cat = categoryByKey(catalog, input.category);
  if (!cat) problems.category = /*i18n*/ 'Choose a category';
  else if (!cat.subCategories.some((s) => s.name === input.subCategory)) problems.subCategory = /*i18n*/ 'Choose what kind of problem it is';
  if (!hostelByName(catalog, input.hostel)) problems.hostel = /*i18n*/ 'Choose your hostel';
  return problems;
}
