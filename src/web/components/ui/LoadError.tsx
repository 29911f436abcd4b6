import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { i18n } from '../../lib/i18n';
import { Alert } from './Alert';
import { buttonSecondary } from './styles';

interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** Layout classes; a top margin of 6 unless given. */
  className?: string;
}

/** A read that failed: what went wrong, and a "Try again" button. */
export function LoadError({ error, onRetry, className = 'mt-6' }: LoadErrorProps) {
  return (
    <div className={cn('space-y-4', className)}>
      <Alert>
        <p>{errorMessage(error)}</p>
      </Alert>
      <button type="button" className={buttonSecondary} onClick={onRetry}>
        {i18n._('Try again')}
      </button>
    </div>
  );
}
