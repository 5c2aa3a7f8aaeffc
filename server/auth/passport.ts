import type { FactoryProvider } from '@nestjs/common';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { toPublicAdmin, type PublicAdmin } from '../admins/admins.service';
import { adminLoadedWithSession } from './session-store';
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
 * each request's admin is the one the store read with the session row, in the same query).
 */
export const passportProvider: FactoryProvider<AppPassport> = {
  provide: PASSPORT,
  inject: [AuthService],
  useFactory: (authService: AuthService): AppPassport => {
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
    // false when the admin is gone (removed since): Passport then drops the user from the session.
    appPassport.deserializeUser((req: Request, _id: string, done: (error: unknown, admin?: PublicAdmin | false) => void) =>
      done(null, adminLoadedWithSession(req.session) ?? false),
    );
    return appPassport;
  },
};
