// The landing page's timings and steps (spec section 9). They sit here rather than in
// app/timings.ts because only the landing page uses them.

/** The rotating sample question changes this often… */
export const LANDING_QUESTION_ROTATION_MS = 3000;
/** …fading out and in over this long. */
export const LANDING_QUESTION_FADE_MS = 200;

/** The typed-phrase widget of "Who can benefit": one character typed… */
export const TYPED_PHRASE_TYPE_MS = 50;
/** …one character deleted… */
export const TYPED_PHRASE_DELETE_MS = 30;
/** …and how long a whole phrase stays before it is deleted. */
export const TYPED_PHRASE_PAUSE_MS = 2000;
