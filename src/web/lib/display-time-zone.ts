import { DEFAULT_TIME_ZONE } from '../../shared/constants';

/**
 * The university's clock for the dates the app shows (decision 53): Asia/Kolkata until the
 * catalogue says otherwise. Apart from lib/format.ts so that the catalogue, which every page loads,
 * sets it without bringing the formatters into the first download.
 */
let timeZone = DEFAULT_TIME_ZONE;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The catalogue's zone, when it arrives (lib/catalog.ts); one the browser does not know leaves the default. */
export function setDisplayTimeZone(zone: string | undefined): void {
  timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The university's time zone, as dates are shown in it. */
export function displayTimeZone(): string {
  return timeZone;
}
