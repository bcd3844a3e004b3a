import { Type } from 'typebox';

/** The schema of the one error shape `{ error, code }`, for routes' documented error responses. */
export const ErrorResponse = Type.Object({ error: Type.String(), code: Type.String() });
