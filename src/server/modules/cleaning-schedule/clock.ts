/**
 * The clock weekly cleaning reads (which day it is on the university's clock, whether a slot has
 * started). Only tests set it, to stand on a chosen Tuesday in Kolkata without waiting for one;
 * the database's own clock is not involved in these rules.
 */
export const cleaningClock = { now: (): Date => new Date() };
