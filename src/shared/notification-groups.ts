// No zod here: the bell's lazy chunk reads these, and zod stays out of what a student's pages load.

/** The group of "complaints became late" bells (one per person and hour, decision 38). */
export const LATE_GROUP = 'late';

/** The queue's escalated view, where a late bell or mail about more than one complaint leads. */
export const ESCALATED_VIEW_PATH = '/staff?escalated=true&sort=due';
