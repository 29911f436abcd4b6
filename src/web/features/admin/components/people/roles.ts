import type { Role } from '../../../../../shared/auth';

export { ROLE_LABELS } from '../../../../../shared/constants';

/** Staff and wardens work the complaints of their scopes; administrators see everything. */
export const hasScopes = (role: Role) => role === 'staff' || role === 'warden';
