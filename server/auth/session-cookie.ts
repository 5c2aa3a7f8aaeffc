export const SESSION_COOKIE = 'sid';
