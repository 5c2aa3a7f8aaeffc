import { Inject, Injectable } from '@nestjs/common';
import { AdminsService, toPublicAdmin, type PublicAdmin } from '../admins/admins.service';
import { PASSPORT, type AppPassport } from './passport';

/** The session holds the admin's id only; each request loads the admin afresh. */
@Injectable()
export class SessionSerializer {
  constructor(adminsService: AdminsService, @Inject(PASSPORT) passport: AppPassport) {
    passport.serializeUser((admin, done) => done(null, (admin as PublicAdmin).id));
    passport.deserializeUser((id: string, done) => {
      adminsService.findById(id).then(
        (admin) => done(null, admin ? toPublicAdmin(admin) : false),
        (error: Error) => done(error),
      );
    });
  }
}
