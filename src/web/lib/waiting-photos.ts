/*
 * Photos of a complaint made offline (issue 40): they wait on the phone with the complaint, in
 * IndexedDB (localStorage holds text only, and a few photos are megabytes), under the complaint's
 * Idempotency-Key, until the outbox uploads them and sends the complaint with their ids.
 */

const DATABASE = 'hcp-outbox';
const STORE = 'photos';

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openStore();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** Keeps the photos of the queued request `key`. */
export const keepWaitingPhotos = (key: string, photos: readonly Blob[]): Promise<unknown> => inStore('readwrite', (store) => store.put([...photos], key));

/** The photos waiting with the queued request `key` (none when there are none, or they are gone). */
export async function waitingPhotosOf(key: string): Promise<Blob[]> {
  const found = await inStore<unknown>('readonly', (store) => store.get(key));
  return Array.isArray(found) ? found.filter((item): item is Blob => item instanceof Blob) : [];
}

/** Forgets them: uploaded, or the request is gone. */
export const dropWaitingPhotos = (key: string): Promise<unknown> => inStore('readwrite', (store) => store.delete(key));
