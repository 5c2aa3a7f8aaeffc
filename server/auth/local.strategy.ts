import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { toPublicAdmin, type PublicAdmin } from '../admins/admins.service';
import { AuthService } from './auth.service';
import { PASSPORT, type AppPassport } from './passport';

/** Email and password from the JSON body, checked by AuthService; registered as 'local' on the app's Passport. */
@Injectable()
export class LocalStrategy extends Strategy {
  constructor(authService: AuthService, @Inject(PASSPORT) passport: AppPassport) {
    super(
      { usernameField: 'email', passwordField: 'password', passReqToCallback: true },
      (req: Request, email: string, password: string, done: (error: unknown, admin?: PublicAdmin) => void) => {
        authService.validateLogin(email, password, req.ip ?? 'unknown').then((admin) => done(null, toPublicAdmin(admin)), done);
      },
    );
    passport.use('local', this);
  }
}
