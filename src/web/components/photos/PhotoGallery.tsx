import { useState } from 'react';
import type { Photo } from '../../../shared/photos';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Alert } from '../ui/Alert';
import { LoadingStatus } from '../ui/LoadingStatus';
import { StatusMessage } from '../ui/StatusMessage';
import { buttonPrimary, card } from '../ui/styles';
import { useAddPhotos } from './api/add-photos';
import { useComplaintPhotos } from './api/get-complaint-photos';
import { PhotoPicker, type PhotoSelection } from './PhotoPicker';

function Thumbnails({ photos, who, testId }: { photos: Photo[]; who: string; testId: string }) {
  return (
    <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid={testId}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noopener" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700">
            <img
              src={photo.thumbUrl}
              alt={`Photo ${index + 1} ${who} (opens full size)`}
              loading="lazy"
              className="aspect-square w-full rounded-lg border border-slate-200 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A complaint's photos for whoever may see them: the student's, and the team's "after" photos.
 * With `allowAdd`, the student adds more: the student's page passes `studentMay(status, 'add_photos')`,
 * and the server's `canAdd` reads the same lifecycle table, so the two agree.
 */
export function PhotoGallery({ number, allowAdd = false }: { number: string; allowAdd?: boolean }) {
  const photos = useComplaintPhotos(number);
  const add = useAddPhotos(number);
  const [selection, setSelection] = useState<PhotoSelection>({ ids: [], busy: false });
  const [pickerKey, setPickerKey] = useState(0);
  const [added, setAdded] = useState<string | null>(null);

  if (photos.isPending) return <LoadingStatus label="Loading photos…" compact className="mt-6" />;
  if (photos.isError) {
    return (
      <Alert className="mt-6">
        <p>The photos could not be loaded: {errorMessage(photos.error)}</p>
      </Alert>
    );
  }
  const { items, withheld, canAdd } = photos.data;
  const adding = allowAdd && canAdd;
  if (items.length === 0 && withheld === 0 && !adding) return null;
  const before = items.filter((photo) => photo.stage === 'before');
  const after = items.filter((photo) => photo.stage === 'after');

  async function send() {
    setAdded(null);
    try {
      await add.mutateAsync(selection.ids);
      setAdded(selection.ids.length === 1 ? 'The photo was added.' : `${selection.ids.length} photos were added.`);
      setPickerKey((k) => k + 1);
    } catch {
      // The mutation's error is shown below.
    }
  }

  return (
    <section aria-labelledby={`photos-${number}`} className={cn(card, 'mt-6')} data-testid="photo-gallery">
      <h2 id={`photos-${number}`} className="text-lg font-semibold text-slate-900">
        Photos
      </h2>
      {before.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-700">From the student</h3>
          <Thumbnails photos={before} who="from the student" testId="photos-before" />
        </>
      )}
      {after.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">After the work</h3>
          <Thumbnails photos={after} who="after the work" testId="photos-after" />
        </>
      )}
      {withheld > 0 && (
        <p className="mt-3 text-slate-700" data-testid="photos-withheld">
          {withheld === 1 ? '1 photo is' : `${withheld} photos are`} shown only to the anti-ragging duty, as this complaint is confidential.
        </p>
      )}
      {items.length === 0 && withheld === 0 && <p className="mt-2 text-slate-700">No photos yet.</p>}
      {adding && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <PhotoPicker
            key={pickerKey}
            label="Add photos"
            hint="Up to 4 at a time. They are made smaller on your phone first, without the location."
            disabled={add.isPending}
            onChange={setSelection}
          />
          {selection.ids.length > 0 && (
            <button
              type="button"
              className={`${buttonPrimary} mt-3 w-full sm:w-auto`}
              disabled={selection.busy || add.isPending}
              aria-busy={add.isPending}
              onClick={() => void send()}
            >
              {add.isPending ? 'Adding…' : selection.busy ? 'Waiting for the upload…' : 'Add to the complaint'}
            </button>
          )}
          {add.isError && (
            <Alert className="mt-3">
              <p>Not added: {errorMessage(add.error)}</p>
            </Alert>
          )}
          <StatusMessage message={added} className="mt-3" />
        </div>
      )}
    </section>
  );
}
