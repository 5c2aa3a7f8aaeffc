/** server/common/password-rules.ts's rule in words, shown beside every new-password field before submitting. */
export const PASSWORD_RULE = 'At least 8 characters, not a common password, and not your email or its name part.';
