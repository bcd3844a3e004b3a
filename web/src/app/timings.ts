// How long status notes stay and how long redirects wait (spec section 9), in one place.

/** OTP notes ('OTP sent…', 'OTP resent…') and the contact success note. */
export const LONG_NOTE_MS = 5000;
/** Profile and password-reset status notes. */
export const SHORT_NOTE_MS = 3000;
/** From 'Password has been reset successfully' to /login. */
export const RESET_REDIRECT_MS = 3000;
