import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Opens a route to callers without a session. Every other route needs a logged-in admin. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
