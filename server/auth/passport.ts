import passport from 'passport';

/** The app's own Passport (strategies, serializers, session manager). */
export const PASSPORT = Symbol('PASSPORT');
export type AppPassport = InstanceType<typeof passport.Passport>;

/**
 * One Passport per app instead of the package's global one, which @nestjs/passport's base classes
 * register on: with the global one, every app built in a process (the tests build several) adds
 * its serializer to one shared chain and the last one built takes over the 'local' strategy, so
 * sessions of one app were read through another app's (possibly closed) database.
 */
export const passportProvider = { provide: PASSPORT, useFactory: (): AppPassport => new passport.Passport() };
