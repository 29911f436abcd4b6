import type { Role } from '../../../../../shared/auth';

export const ROLE_LABELS: Record<Role, string> = { student: 'Student', staff: 'Staff', warden: 'Warden', admin: 'Administrator' };

/** Staff and wardens work the complaints of their scopes; administrators see everything. */
export const hasScopes = (role: Role) => role === 'staff' || role === 'warden';
