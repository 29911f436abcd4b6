/** Valid request bodies, overridable field by field; shared by API tests, browser tests and benches. */
export const aComplaint = (over: Record<string, unknown> = {}) => ({
  category: 'wifi',
  hostel: 'Block-2',
  floor: 3,
  roomNo: '312',
  subCategory: 'Slow',
  complaint: 'The wifi drops every evening after 9 pm.',
  ...over,
});

export const aCleaningRequest = (over: Record<string, unknown> = {}) => ({
  hostel: 'Block-1 (Old)',
  service: 'room_cleaning',
  roomNo: 204,
  ...over,
});

let counter = 0;
/** A university account that no other test uses. */
export const aStudent = (over: { name?: string; email?: string } = {}) => {
  counter += 1;
  const n = String(10000 + counter).slice(-5);
  return {
    email: over.email ?? `student${counter}.${process.pid}@vitbhopal.ac.in`,
    name: over.name ?? `Student${counter} Tester 21BCE${n}`,
  };
};
