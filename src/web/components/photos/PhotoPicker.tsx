import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { seedTexts } from '../../../shared/constants';
import { PHOTOS_PER_SET, type Photo } from '../../../shared/photos';
import { ApiError, errorMessage } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { meQueryOptions } from '../../lib/me';
import { StatusMessage } from '../ui/StatusMessage';
import { buttonSecondary, fieldHint, fieldLabel } from '../ui/styles';
import { uploadPhoto } from './api/upload-photo';
import { downsizePhoto } from './downsize';

interface PickedPhoto {
  key: number;
  name: string;
  state: 'preparing' | 'uploading' | 'done' | 'failed';
  progress: number;
  photo?: Photo;
  error?: string;
}

/** What the form needs: the ids to send, and whether it must wait for uploads still going. */
export interface PhotoSelection {
  ids: string[];
  busy: boolean;
}

export interface PhotoPickerProps {
  /** The legend, e.g. "Photos (optional)". */
  label: string;
  hint?: string;
  max?: number;
  disabled?: boolean;
  /** Takes the images shared into the installed app (the complaint form's picker only). */
  takeShared?: boolean;
  onChange: (selection: PhotoSelection) => void;
}

let nextKey = 1;

/**
 * Photos for a form: "Take a photo" opens the camera on a phone, "Choose photos" the gallery or
 * files. Each photo is made smaller in the browser and uploaded at once, with its progress shown;
 * the form sends the ids with its own request (decision 23). Remount it (a new `key`) to empty it.
 */
export function PhotoPicker({ label, hint, max = PHOTOS_PER_SET, disabled = false, takeShared = false, onChange }: PhotoPickerProps) {
  const [items, setItems] = useState<PickedPhoto[]>([]);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const baseId = useId();
  const queryClient = useQueryClient();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    onChangeRef.current({
      ids: items.flatMap((item) => (item.state === 'done' && item.photo ? [item.photo.id] : [])),
      busy: items.some((item) => item.state === 'preparing' || item.state === 'uploading'),
    });
  }, [items]);

  const kept = items.filter((item) => item.state !== 'failed').length;
  const room = Math.max(0, max - kept);
  const full = room === 0;

  const patch = (key: number, change: Partial<PickedPhoto>) =>
    setItems((previous) => previous.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function send(key: number, file: File) {
    try {
      // The upload needs the session's CSRF token, which comes with the signed-in user.
      if ((await queryClient.ensureQueryData(meQueryOptions)) === null) throw new ApiError(401, 'unauthenticated', i18n._(seedTexts.signInFirst));
      const blob = await downsizePhoto(file);
      patch(key, { state: 'uploading' });
      const photo = await uploadPhoto({ blob, onProgress: (progress) => patch(key, { progress }) });
      patch(key, { state: 'done', progress: 1, photo });
      setAnnouncement(file.name ? i18n._('{name} uploaded.', { name: file.name }) : i18n._('Photo uploaded.'));
    } catch (error) {
      patch(key, { state: 'failed', error: errorMessage(error) });
      setAnnouncement(null);
    }
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The same file can be chosen again after it was removed.
    event.target.value = '';
    add(files);
  }

  function add(files: File[]) {
    if (files.length > room) setAnnouncement(i18n._('Only {max} photos can be sent at a time; the first {room} were taken.', { max, room }));
    const added = files.slice(0, room).map((file) => ({ key: nextKey++, name: file.name, state: 'preparing' as const, progress: 0, file }));
    setItems((previous) => [...previous, ...added.map(({ file: _file, ...item }) => item)]);
    for (const item of added) void send(item.key, item.file);
  }

  const addRef = useRef(add);
  useEffect(() => {
    addRef.current = add;
  });
  useEffect(() => {
    if (!takeShared) return;
    void import('../../pwa/shared-photos')
      .then(({ takeSharedPhotos }) => takeSharedPhotos())
      .then((files) => {
        if (files.length > 0) addRef.current(files);
      });
  }, [takeShared]);

  const remove = (key: number) => setItems((previous) => previous.filter((item) => item.key !== key));

  const cameraId = `${baseId}-camera`;
  const filesId = `${baseId}-files`;
  const inputButton = `${buttonSecondary} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700`;
  const off = disabled || full;

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0" data-testid="photo-picker">
      <legend className={fieldLabel}>{label}</legend>
      {hint && <p className={fieldHint}>{hint}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        <label htmlFor={cameraId} className={`${inputButton} ${off ? 'pointer-events-none opacity-60' : ''}`}>
          <input id={cameraId} type="file" accept="image/*" capture="environment" className="sr-only" disabled={off} onChange={pick} />
          {i18n._('Take a photo')}
        </label>
        <label htmlFor={filesId} className={`${inputButton} ${off ? 'pointer-events-none opacity-60' : ''}`}>
          <input id={filesId} type="file" accept="image/*" multiple className="sr-only" disabled={off} onChange={pick} />
          {i18n._('Choose photos')}
        </label>
      </div>
      {full && <p className={fieldHint}>{i18n._('{max} photos is the most for one go.', { max })}</p>}
      {items.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={i18n._('Chosen photos')}>
          {items.map((item, index) => {
            const name = i18n._('Photo {number}', { number: index + 1 });
            return (
              <li key={item.key} className="rounded-lg border border-slate-200 p-2 text-sm" data-testid="picked-photo" data-state={item.state}>
                {item.state === 'done' && item.photo ? (
                  <img src={item.photo.thumbUrl} alt={name} className="aspect-square w-full rounded object-cover" />
                ) : (
                  <div className="flex aspect-square w-full items-center justify-center rounded bg-slate-100 px-1 text-center text-slate-700">
                    {item.state === 'failed' ? i18n._('Not sent') : item.state === 'preparing' ? i18n._('Preparing…') : `${Math.round(item.progress * 100)}%`}
                  </div>
                )}
                {(item.state === 'preparing' || item.state === 'uploading') && (
                  <progress
                    className="mt-1 w-full"
                    max={1}
                    value={item.progress}
                    aria-label={i18n._('Uploading Photo {number}', { number: index + 1 })}
                  />
                )}
                {item.state === 'failed' && (
                  <p className="mt-1 font-medium text-red-800" role="alert">
                    {item.error}
                  </p>
                )}
                <button
                  type="button"
                  className="mt-1 min-h-11 w-full rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  onClick={() => remove(item.key)}
                  disabled={disabled}
                >
                  {i18n._('Remove photo {number}', { number: index + 1 })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <StatusMessage message={announcement} tone="neutral" className="mt-2 text-sm" />
    </fieldset>
  );
}
