import { Inject, Injectable } from '@nestjs/common';
import { AdminsService, toPublicAdmin, type PublicAdmin } from '../admins/admins.service';
import type { Request } from 'express';
import { adminLoadedWithSession } from './admin-session-store';
import { PASSPORT, type AppPassport } from './passport';

/** The session holds the admin's id only; each request loads the admin afresh (with the session row). */
@Injectable()
export class SessionSerializer {
  constructor(adminsService: AdminsService, @Inject(PASSPORT) passport: AppPassport) {
    passport.serializeUser((admin, done) => done(null, (admin as PublicAdmin).id));
    passport.deserializeUser((req: Request, id: string, done: (error: unknown, admin?: PublicAdmin | false) => void) => {
      // The session store read the admin in the same query as the session row (one round trip).
      const loaded = adminLoadedWithSession(req.session);
      if (loaded === null) return done(null, false);
      if (loaded?.id === id) return done(null, loaded);
      adminsService.findById(id).then(
        (admin) => done(null, admin ? toPublicAdmin(admin) : false),
        (error: Error) => done(error),
      );
    });
  }
}
