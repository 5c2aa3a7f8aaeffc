import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC = 'isPublic';

/** Marks an operation of the API document as open (server/openapi/api-document.ts turns it into `security: []`). */
export const OPEN_OPERATION = 'x-public';

/** Opens a route to callers without a session. Every other route needs a logged-in admin. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(OPEN_OPERATION, true));

export const BEFORE_SECOND_FACTOR = 'beforeSecondFactor';

/**
 * With REQUIRE_SECOND_FACTOR, an admin without a second factor reaches only the routes marked so
 * (setting one up) and the public ones; every other route answers 403 until they have one.
 */
export const BeforeSecondFactor = () => SetMetadata(BEFORE_SECOND_FACTOR, true);

export const ACTS_FOR_SIGNED_IN = 'actsForSignedIn';

/**
 * A @Public() route that acts with the signed-in admin's authority when there is one (register adds
 * an administrator for them): REQUIRE_SECOND_FACTOR holds there for a signed-in admin as on every
 * admin route, while a visitor without a session passes as on any public route.
 */
export const ActsForSignedIn = () => SetMetadata(ACTS_FOR_SIGNED_IN, true);
