import { useMutation, useQueryClient } from '@tanstack/react-query';
import { photoListSchema } from '../../../../shared/photos';
import { apiFetch } from '../../../lib/api-client';
import { complaintPhotosKey } from './get-complaint-photos';

/** POST /api/complaints/:number/photos: the student adds uploaded photos to their open complaint. */
export function addPhotos({ number, photoIds }: { number: string; photoIds: string[] }) {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}/photos`, {
    method: 'POST',
    body: { photoIds },
    schema: photoListSchema,
  });
}

export function useAddPhotos(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: string[]) => addPhotos({ number, photoIds }),
    onSuccess: (list) => queryClient.setQueryData(complaintPhotosKey(number), list),
  });
}
