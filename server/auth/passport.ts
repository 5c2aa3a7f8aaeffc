import type { FactoryProvider } from '@nestjs/common';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { AdminsService, toPublicAdmin, type PublicAdmin } from '../admins/admins.service';
import { adminLoadedWithSession } from './admin-session-store';
import { AuthService } from './auth.service';

/** The app's own Passport (strategies, serializers, session manager). */
export const PASSPORT = Symbol('PASSPORT');
export type AppPassport = InstanceType<typeof passport.Passport>;

/**
 * One Passport per app instead of the package's global one, which @nestjs/passport's base classes
 * register on: with the global one, every app built in a process (the tests build several) adds
 * its serializer to one shared chain and the last one built takes over the 'local' strategy, so
 * sessions of one app were read through another app's (possibly closed) database.
 *
 * Made here with all it holds: the 'local' strategy (email and password from the JSON body,
 * checked by AuthService) and the session serializer (the session holds the admin's id only;
 * each request loads the admin afresh, with the session row).
 */
export const passportProvider: FactoryProvider<AppPassport> = {
  provide: PASSPORT,
  inject: [AuthService, AdminsService],
  useFactory: (authService: AuthService, adminsService: AdminsService): AppPassport => {
    const appPassport = new passport.Passport();
    appPassport.use(
      'local',
      new LocalStrategy(
        { usernameField: 'email', passwordField: 'password', passReqToCallback: true },
        (req: Request, email: string, password: string, done: (error: unknown, admin?: PublicAdmin) => void) => {
          authService.validateLogin(email, password, req.ip ?? 'unknown').then((admin) => done(null, toPublicAdmin(admin)), done);
        },
      ),
    );
    appPassport.serializeUser((admin, done) => done(null, (admin as PublicAdmin).id));
    appPassport.deserializeUser((req: Request, id: string, done: (error: unknown, admin?: PublicAdmin | false) => void) => {
      // The session store read the admin in the same query as the session row (one round trip).
      const loaded = adminLoadedWithSession(req.session);
      if (loaded === null) return done(null, false);
      if (loaded?.id === id) return done(null, loaded);
      adminsService.findById(id).then(
        (admin) => done(null, admin ? toPublicAdmin(admin) : false),
        (error: Error) => done(error),
      );
    });
    return appPassport;
  },
};
