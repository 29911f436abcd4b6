import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { seedTexts } from '../../../shared/constants';
import { PHOTOS_PER_SET, type Photo } from '../../../shared/photos';
import { ApiError, NetworkError, errorMessage } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { meQueryOptions } from '../../lib/me';
import { Button } from '../ui/Button';
import { FileInput } from '../ui/Controls';
import { StatusMessage } from '../ui/StatusMessage';
import { buttonSecondary, fieldHint, fieldLabel } from '../ui/styles';
import { uploadPhoto } from './api/upload-photo';
import { downsizePhoto } from './downsize';

interface PickedPhoto {
  key: number;
  name: string;
  /** `waiting`: picked offline, made smaller and kept, uploaded once the phone is back online. */
  state: 'preparing' | 'uploading' | 'done' | 'failed' | 'waiting';
  progress: number;
  photo?: Photo;
  error?: string;
  /** The photo made smaller, while it waits for a connection. */
  blob?: Blob;
  /** Its preview while it waits (an object URL, let go when it is uploaded or removed). */
  preview?: string;
}

/**
 * What the form needs: the ids to send, whether it must wait for uploads still going, and the
 * photos picked offline (`waitOffline` pickers), which go with a request that waits for the network.
 */
export interface PhotoSelection {
  ids: string[];
  busy: boolean;
  waiting?: Blob[];
}

export interface PhotoPickerProps {
  /** The legend, e.g. "Photos (optional)". */
  label: string;
  hint?: string;
  max?: number;
  disabled?: boolean;
  /** Takes the images shared into the installed app (the complaint form's picker only). */
  takeShared?: boolean;
  /**
   * Offline, keeps a picked photo on the phone instead of failing it: it is uploaded when the phone
   * is back online, or waits in the outbox with the request (the complaint form's picker only).
   */
  waitOffline?: boolean;
  onChange: (selection: PhotoSelection) => void;
}

let nextKey = 1;

/**
 * Photos for a form: "Take a photo" opens the camera on a phone, "Choose photos" the gallery or
 * files. Each photo is made smaller in the browser and uploaded at once, with its progress shown;
 * the form sends the ids with its own request (decision 23). Remount it (a new `key`) to empty it.
 */
export function PhotoPicker({ label, hint, max = PHOTOS_PER_SET, disabled = false, takeShared = false, waitOffline = false, onChange }: PhotoPickerProps) {
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
      waiting: items.flatMap((item) => (item.state === 'waiting' && item.blob ? [item.blob] : [])),
    });
  }, [items]);

  // Back online, what waited goes up.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });
  useEffect(() => {
    if (!waitOffline) return;
    const retry = () => {
      for (const item of itemsRef.current) if (item.state === 'waiting' && item.blob) void upload(item.key, item.blob, item.name);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
    // `upload` only patches state by key: the listener may keep the first one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitOffline]);
  // Previews of waiting photos are let go with the picker.
  useEffect(() => () => itemsRef.current.forEach((item) => item.preview && URL.revokeObjectURL(item.preview)), []);

  const kept = items.filter((item) => item.state !== 'failed').length;
  const room = Math.max(0, max - kept);
  const full = room === 0;

  const patch = (key: number, change: Partial<PickedPhoto>) =>
    setItems((previous) => previous.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function send(key: number, file: File) {
    let blob: Blob;
    try {
      // The upload needs the session's CSRF token, which comes with the signed-in user.
      if ((await queryClient.ensureQueryData(meQueryOptions)) === null) throw new ApiError(401, 'unauthenticated', i18n._(seedTexts.signInFirst));
      blob = await downsizePhoto(file);
    } catch (error) {
      patch(key, { state: 'failed', error: errorMessage(error) });
      setAnnouncement(null);
      return;
    }
    await upload(key, blob, file.name);
  }

  async function upload(key: number, blob: Blob, name: string) {
    try {
      if (waitOffline && !navigator.onLine) throw new NetworkError();
      patch(key, { state: 'uploading', progress: 0 });
      const photo = await uploadPhoto({ blob, onProgress: (progress) => patch(key, { progress }) });
      setItems((previous) =>
        previous.map((item) => {
          if (item.key !== key) return item;
          if (item.preview) URL.revokeObjectURL(item.preview);
          return { key, name: item.name, state: 'done', progress: 1, photo };
        }),
      );
      setAnnouncement(name ? i18n._('{name} uploaded.', { name }) : i18n._('Photo uploaded.'));
    } catch (error) {
      if (waitOffline && error instanceof NetworkError && !navigator.onLine) {
        setItems((previous) =>
          previous.map((item) => (item.key === key ? { ...item, state: 'waiting', blob, preview: item.preview ?? URL.createObjectURL(blob) } : item)),
        );
        setAnnouncement(i18n._('You are offline: the photo stays on this phone and goes with your complaint.'));
        return;
      }
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

  const remove = (key: number) =>
    setItems((previous) =>
      previous.filter((item) => {
        if (item.key === key && item.preview) URL.revokeObjectURL(item.preview);
        return item.key !== key;
      }),
    );

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
          <FileInput id={cameraId} accept="image/*" capture="environment" className="sr-only" disabled={off} onChange={pick} />
          {i18n._('Take a photo')}
        </label>
        <label htmlFor={filesId} className={`${inputButton} ${off ? 'pointer-events-none opacity-60' : ''}`}>
          <FileInput id={filesId} accept="image/*" multiple className="sr-only" disabled={off} onChange={pick} />
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
                ) : item.state === 'waiting' && item.preview ? (
                  <span className="relative block">
                    <img src={item.preview} alt={name} className="aspect-square w-full rounded object-cover" />
                    <span className="absolute inset-x-0 bottom-0 rounded-b bg-slate-900/75 px-1 py-0.5 text-center text-xs font-semibold text-white">
                      {i18n._('Waiting for a connection')}
                    </span>
                  </span>
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
                <Button
                  variant="plain"
                  className="mt-1 min-h-11 w-full rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  onClick={() => remove(item.key)}
                  disabled={disabled}
                >
                  {i18n._('Remove photo {number}', { number: index + 1 })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <StatusMessage message={announcement} tone="neutral" className="mt-2 text-sm" />
    </fieldset>
  );
}
