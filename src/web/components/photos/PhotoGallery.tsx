import { useState } from 'react';
import type { Photo } from '../../../shared/photos';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { i18n } from '../../lib/i18n';
import { Alert } from '../ui/Alert';
import { LoadingStatus } from '../ui/LoadingStatus';
import { StatusMessage } from '../ui/StatusMessage';
import { Button } from '../ui/Button';
import { card } from '../ui/styles';
import { useAddPhotos } from './api/add-photos';
import { useComplaintPhotos } from './api/get-complaint-photos';
import { PhotoPicker, type PhotoSelection } from './PhotoPicker';

function Thumbnails({ photos, altOf, testId }: { photos: Photo[]; altOf: (number: number) => string; testId: string }) {
  return (
    <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid={testId}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noopener" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700">
            <img
              src={photo.thumbUrl}
              alt={altOf(index + 1)}
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

  if (photos.isPending) return <LoadingStatus label={i18n._('Loading photos…')} compact className="mt-6" />;
  if (photos.isError) {
    return (
      <Alert className="mt-6">
        <p>{i18n._('The photos could not be loaded: {reason}', { reason: errorMessage(photos.error) })}</p>
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
      setAdded(i18n._('{count, plural, one {The photo was added.} other {# photos were added.}}', { count: selection.ids.length }));
      setPickerKey((k) => k + 1);
    } catch {
      // The mutation's error is shown below.
    }
  }

  return (
    <section aria-labelledby={`photos-${number}`} className={cn(card, 'mt-6')} data-testid="photo-gallery">
      <h2 id={`photos-${number}`} className="text-lg font-semibold text-slate-900">
        {i18n._('Photos')}
      </h2>
      {before.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-700">{i18n._('From the student')}</h3>
          <Thumbnails photos={before} altOf={(n) => i18n._('Photo {n} from the student (opens full size)', { n })} testId="photos-before" />
        </>
      )}
      {after.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">{i18n._('After the work')}</h3>
          <Thumbnails photos={after} altOf={(n) => i18n._('Photo {n} after the work (opens full size)', { n })} testId="photos-after" />
        </>
      )}
      {withheld > 0 && (
        <p className="mt-3 text-slate-700" data-testid="photos-withheld">
          {i18n._(
            '{count, plural, one {# photo is shown only to the anti-ragging duty, as this complaint is confidential.} other {# photos are shown only to the anti-ragging duty, as this complaint is confidential.}}',
            { count: withheld },
          )}
        </p>
      )}
      {items.length === 0 && withheld === 0 && <p className="mt-2 text-slate-700">{i18n._('No photos yet.')}</p>}
      {adding && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <PhotoPicker
            key={pickerKey}
            label={i18n._('Add photos')}
            hint={i18n._('Up to 4 at a time. They are made smaller on your phone first, without the location.')}
            disabled={add.isPending}
            onChange={setSelection}
          />
          {selection.ids.length > 0 && (
            <Button
              variant="primary"
              className="mt-3 w-full sm:w-auto"
              disabled={selection.busy}
              pending={add.isPending}
              pendingLabel={i18n._('Adding…')}
              onClick={() => void send()}
            >
              {selection.busy ? i18n._('Waiting for the upload…') : i18n._('Add to the complaint')}
            </Button>
          )}
          {add.isError && (
            <Alert className="mt-3">
              <p>{i18n._('Not added: {reason}', { reason: errorMessage(add.error) })}</p>
            </Alert>
          )}
          <StatusMessage message={added} className="mt-3" />
        </div>
      )}
    </section>
  );
}
