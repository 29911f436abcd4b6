/** The dashboard's filters, kept in the address bar so a view can be reloaded, shared and linked from the digest. */
export interface InsightsFilters {
  from: string;
  to: string;
  hostel: string;
  category: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseFilters(params: URLSearchParams): InsightsFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  return { from: date('from'), to: date('to'), hostel: params.get('hostel') ?? '', category: params.get('category') ?? '' };
}

/** Only what is set: the server fills in the default range. */
export function filtersToParams(filters: InsightsFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'hostel', 'category'] as const) if (filters[key]) params.set(key, filters[key]);
  return params;
}
