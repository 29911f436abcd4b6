import { cn } from '../../../../lib/cn';
import type { z } from 'zod';
import type { staffComplaintDetailSchema } from '../../../../../shared/staff';

/** One complaint as the staff console reads it. */
export type Detail = z.infer<typeof staffComplaintDetailSchema>;
export type TimelineEntry = Detail['timeline'][number];

/** The heading of each card of the complaint page. */
export const sectionHeading = cn('text-lg font-semibold text-slate-900');
