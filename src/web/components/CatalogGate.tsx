import type { ReactNode } from 'react';
import type { PublicCatalog } from '../../shared/catalog';
import { errorMessage } from '../lib/api-client';
import { useCatalog } from '../lib/catalog';
import { i18n } from '../lib/i18n';
import { Alert } from './ui/Alert';
import { LoadingStatus } from './ui/LoadingStatus';
import { Button } from './ui/Button';

interface CatalogGateProps {
  children: (catalog: PublicCatalog) => ReactNode;
  /** What is being loaded, for the status message. */
  loadingLabel?: string;
}

/**
 * Renders its children with the catalogue. Prerendered pages have it at once; otherwise a status
 * shows while /api/catalog loads, and an alert with a retry if it cannot be loaded. A catalogue
 * already shown stays shown when a background refresh fails (it is still the best there is).
 */
export function CatalogGate({ children, loadingLabel = i18n._('Loading…') }: CatalogGateProps) {
  const catalog = useCatalog();
  if (catalog.data) return children(catalog.data);
  if (catalog.isError) {
    return (
      <Alert data-testid="catalog-error">
        <p>{i18n._('This page could not be loaded: {reason}', { reason: errorMessage(catalog.error) })}</p>
        <Button className="mt-3" onClick={() => void catalog.refetch()}>
          {i18n._('Try again')}
        </Button>
      </Alert>
    );
  }
  return <LoadingStatus label={loadingLabel} />;
}
