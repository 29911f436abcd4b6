import { useQuery } from '@tanstack/react-query';
import { photoListSchema } from '../../../../shared/photos';
import { apiFetch } from '../../../lib/api-client';

/** The photos of one complaint; the student's page and the staff console both read this key. */
export const complaintPhotosKey = (number: string) => ['photos', number] as const;

/** GET /api/complaints/:number/photos: before and after photos, as this user may see them. */
export function getComplaintPhotos(number: string, signal?: AbortSignal) {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}/photos`, { schema: photoListSchema, signal });
}

export function useComplaintPhotos(number: string) {
  return useQuery({ queryKey: complaintPhotosKey(number), queryFn: ({ signal }) => getComplaintPhotos(number, signal) });
}
