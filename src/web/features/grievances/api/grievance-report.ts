import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievanceReportSchema } from './answers';
import { grievanceReportKey } from './keys';

export type ReportFormat = 'json' | 'pdf' | 'csv';

/** Where the report of a period is read or downloaded from. */
export function grievanceReportHref(from: string, to: string, format: ReportFormat): string {
  return `/api/admin/grievance-report?${new URLSearchParams({ from, to, format }).toString()}`;
}

/** GET /api/admin/grievance-report?format=json: the period's figures (asked only for a period that checks). */
export function useGrievanceReport(period: { from: string; to: string } | null) {
  return useQuery({
    queryKey: grievanceReportKey(period?.from ?? '', period?.to ?? ''),
    queryFn: ({ signal }) => apiFetch(grievanceReportHref(period?.from ?? '', period?.to ?? '', 'json'), { schema: grievanceReportSchema, signal }),
    enabled: period !== null,
  });
}
