import type { Role } from '../../../../../shared/auth';
import { can, isWorkerRole } from '../../../../../shared/permissions';

export { ROLE_LABELS } from '../../../../../shared/constants';

/** Staff and wardens work the complaints of their scopes; administrators see everything. */
/** Whose complaints a scope limits: those who work complaints but not every one. */
export const hasScopes = (role: Role) => isWorkerRole(role) && !can(role, 'scope.everything');
