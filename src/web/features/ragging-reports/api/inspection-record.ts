import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inspectionSchema, type InspectionCreate } from '../../../../shared/ragging-reports';
import { apiFetch } from '../../../lib/api-client';
import { inspectionsKey } from './inspections-list';

/** POST /api/ragging/inspections: write an inspection into the log. */
export function useRecordInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InspectionCreate) => apiFetch('/api/ragging/inspections', { method: 'POST', body, schema: inspectionSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionsKey }),
  });
}
