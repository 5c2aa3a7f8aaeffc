import { createContext, useContext } from 'react';

/**
 * A form's save that meets an ended session (401) asks for the password in place rather than
 * losing what was typed. The app provides `signInAgain` (the auth feature's dialog); lib and the
 * shared components only know this shape.
 */
export interface SignInAgain {
  /** Opens the sign-in dialog; true once signed in again, false when cancelled. */
  signInAgain: () => Promise<boolean>;
}

export const SignInAgainContext = createContext<SignInAgain | null>(null);

export function useSignInAgain(): SignInAgain | null {
  return useContext(SignInAgainContext);
}

/**
 * How many form saves are under way (with their sign-in dialogs). While one is, a 401 is the
 * form's to handle: the query client does not forget the admin (which would swap the form for the
 * login screen and lose what was typed). Lists and reads still go to the login screen.
 */
let formSaves = 0;

export const formSaving = {
  start: () => void formSaves++,
  end: () => void formSaves--,
  get active() {
    return formSaves > 0;
  },
};
