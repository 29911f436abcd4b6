import { Link } from 'react-router';
import { REPEAT_DAYS, REPEAT_MIN, type PlaceLink } from '../../../../shared/place-facts';
import { Badge } from '../../../components/ui/Badge';
import { textLink } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';

/** The staff page of a place: /staff/places/BLOCK2/214. */
export const placePath = (place: Pick<PlaceLink, 'hostelCode' | 'ref'>) =>
  `/staff/places/${encodeURIComponent(place.hostelCode)}/${encodeURIComponent(place.ref)}`;

/** The place has REPEAT_MIN or more complaints of one category in REPEAT_DAYS days (decision 46). */
export function RepeatBadge({ className }: { className?: string }) {
  return (
    <Badge tone="warning" className={cn('whitespace-nowrap', className)}>
      <span title={i18n._('{min} or more of this kind here in {days} days', { min: REPEAT_MIN, days: REPEAT_DAYS })}>{i18n._('Repeating here')}</span>
    </Badge>
  );
}

/** A link to the place's page, its words as the row or header shows the place. */
export function PlaceLinkText({ place, className, children }: { place: PlaceLink; className?: string; children?: string }) {
  return (
    <Link to={placePath(place)} className={cn(textLink, className)} data-testid="place-link">
      {children ?? place.label}
    </Link>
  );
}
