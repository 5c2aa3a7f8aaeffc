import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Permission } from './permissions';

export const ALLOW = 'allow';

/** The permission an operation needs, in the API document (`x-permission`), for the panel's authors and the matrix test. */
export const PERMISSION_EXTENSION = 'x-permission';

/**
 * What a signed-in admin's role must hold to reach the route (server/roles/permissions.ts). Every
 * route that is not @Public() declares one, beside its verb; RulesGuard refuses the others (403),
 * a route without a declaration included, and test/api/roles-matrix.e2e-spec.ts fails for it.
 * On a @Public() route that acts for a signed-in admin (@ActsForSignedIn()) it holds for them.
 */
export const Allow = (permission: Permission) =>
  applyDecorators(SetMetadata(ALLOW, permission), ApiExtension(PERMISSION_EXTENSION, permission));
