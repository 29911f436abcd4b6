import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CATALOG, type PublicCatalog } from '../../shared/catalog';
import { apiFetch, guardSchema } from './api-client';
import { setDisplayTimeZone } from './display-time-zone';

/** Every admin change to hostels, categories, services or the profile invalidates this key. */
export const catalogQueryKey = ['catalog'] as const;

/**
 * The server sends the prerendered public pages only while its catalogue is the default one
 * (plugins/web.ts compares fingerprints), so a page that arrived with content was rendered from
 * DEFAULT_CATALOG and may hydrate from it; a bare shell waits for /api/catalog instead.
 */
function arrivedPrerendered(): boolean {
  if (typeof document === 'undefined') return true; // prerendering itself
  return document.getElementById('root')?.hasChildNodes() ?? false;
}

const catalogSchema = guardSchema((data: unknown): data is PublicCatalog => {
  const c = data as Partial<PublicCatalog> | null;
  return (
    typeof c?.university?.shortName === 'string' &&
    Array.isArray(c.hostels) &&
    Array.isArray(c.categories) &&
    Array.isArray(c.services)
  );
});

export async function getCatalog(signal?: AbortSignal): Promise<PublicCatalog> {
  const catalog = await apiFetch('/api/catalog', { schema: catalogSchema, signal });
  // Dates are shown on the university's clock (lib/format.ts); pages rendered since show it.
  setDisplayTimeZone(catalog.university.timeZone);
  return catalog;
}

const prerendered = arrivedPrerendered();

export const catalogQueryOptions = queryOptions({
  queryKey: catalogQueryKey,
  queryFn: ({ signal }) => getCatalog(signal),
  ...(prerendered ? { initialData: DEFAULT_CATALOG, initialDataUpdatedAt: 0 } : {}),
  // Checked again in the background (an admin may have changed it since the page was built).
  staleTime: 60_000,
});

/** The catalogue the forms and cards are built from. `data` is there at once on prerendered pages. */
export function useCatalog() {
  return useQuery(catalogQueryOptions);
}
