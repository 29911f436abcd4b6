import type { EnquiryCloseBody } from '../../../../shared/ragging';
import { useRaggingDecision } from './ragging-record';

/** POST …/enquiry-close: the enquiry's outcome, once, after the FIR decision; an open report is resolved with it. */
export const useEnquiryClose = (number: string) => useRaggingDecision<EnquiryCloseBody>(number, 'enquiry-close');
