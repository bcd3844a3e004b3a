// How long status notes stay and how long redirects wait (spec section 9), in one place.

/** OTP notes ('OTP sent…', 'OTP resent…'), the contact success note and the subscription-cancelled note. */
export const LONG_NOTE_MS = 5000;
/** Profile and password-reset status notes. */
export const SHORT_NOTE_MS = 3000;
/** From 'Password has been reset successfully' to /login. */
export const RESET_REDIRECT_MS = 3000;

/** The chat's rotating suggestions change block content this often (paused while hovered or touched). */
export const SUGGESTION_ROTATION_MS = 5000;
/** How far one click of a sample-question strip's arrows scrolls it. */
export const SAMPLE_STRIP_SCROLL_PX = 200;
/** Answers longer than this many characters are cut, with Show more / Show less. */
export const ANSWER_COLLAPSE_CHARS = 300;
/** The typing reveal of a new answer: characters shown per tick, and the tick. */
export const TYPING_CHARS_PER_TICK = 3;
export const TYPING_TICK_MS = 15;
/** While a new account's plan is on its way to chat, its allowance is asked for again this often, this many times (a minute in all). */
export const PLAN_PENDING_RETRY_MS = 1000;
export const PLAN_PENDING_RETRIES = 60;
