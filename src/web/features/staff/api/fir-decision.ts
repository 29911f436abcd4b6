import type { FirDecisionBody } from '../../../../shared/ragging';
import { useRaggingDecision } from './ragging-record';

/** POST …/fir-decision: whether a police report (FIR) is needed, once, with the reason (the duty and admins). */
export const useFirDecision = (number: string) => useRaggingDecision<FirDecisionBody>(number, 'fir-decision');
