/**
 * Images shared into the installed app (Web Share Target, decision 34): the service worker keeps
 * them in this cache and opens the complaint categories; the complaint form's photo picker takes
 * them, once, when it appears.
 */
const SHARE_CACHE = 'hcp-share';

let taking = false;

/**
 * The shared images waiting for a complaint, removed from the device as they are taken. A second
 * call while one is under way gets none (React's development double effect must not add them twice).
 */
export async function takeSharedPhotos(): Promise<File[]> {
  if (taking) return [];
  taking = true;
  try {
    return await takeAll();
  } finally {
    taking = false;
  }
}

async function takeAll(): Promise<File[]> {
  if (!('caches' in window) || !(await caches.has(SHARE_CACHE))) return [];
  const cache = await caches.open(SHARE_CACHE);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    await cache.delete(request);
    if (!response) continue;
    const blob = await response.blob();
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared-photo');
    files.push(new File([blob], name, { type: blob.type || 'image/jpeg' }));
  }
  await caches.delete(SHARE_CACHE);
  return files;
}
