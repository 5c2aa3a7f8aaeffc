import type { FactoryProvider } from '@nestjs/common';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { toPublicAdmin } from '../admins/admins.service';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { adminLoadedWithSession } from './session-store';
import { AuthService } from './auth.service';

/** The app's own Passport (strategies, serializers, session manager). */
export const PASSPORT = Symbol('PASSPORT');
export type AppPassport = InstanceType<typeof passport.Passport>;
/** What the local strategy tells the login besides the admin: the credential version its check read. */
export interface LoginInfo {
  message: string;
  credentialVersion: number;
}

/**
 * One Passport per app, not the package's global one: with that, every app built in a process (the
 * tests build several) would add its serializer to one chain, and the last one built would take
 * over the 'local' strategy. It holds the 'local' strategy (checked by AuthService) and the
 * serializer: the session holds the admin's id; the admin is the one the store read with the row.
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
        (req: Request, email: string, password: string, done: (error: unknown, admin?: SignedInAdmin, info?: LoginInfo) => void) => {
          authService
            .validateLogin(email, password, req)
            .then((admin) => done(null, toPublicAdmin(admin), { message: 'ok', credentialVersion: admin.credentialVersion }), done);
        },
      ),
    );
    appPassport.serializeUser((admin, done) => done(null, admin.id));
    // false when the admin is gone or changed their password since: Passport then drops the user from the session.
    appPassport.deserializeUser((req: Request, _id: string, done: (error: unknown, admin?: SignedInAdmin | false) => void) =>
      done(null, adminLoadedWithSession(req.session) ?? false),
    );
    return appPassport;
  },
};
