import { Type } from '@betterplus/kit';
import { passwordLength } from '../domain/accounts.ts';
import { otpPolicy } from '../domain/otp.ts';

export { ErrorResponse } from '@betterplus/kit';

export const TokenResponse = Type.Object({ token: Type.String() });

export const MessageResponse = Type.Object({ message: Type.String() });

export const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
/** A password being set: the length rules apply. */
export const Password = Type.String({ minLength: passwordLength.min, maxLength: passwordLength.max });
/** A password being checked: any wrong one gets the same answer, whatever its length (bounded for argon2's sake). */
export const GivenPassword = Type.String({ minLength: 1, maxLength: passwordLength.max });
/** The spec's code field takes at most 6 characters; a code of the wrong shape is simply wrong. */
export const Otp = Type.String({ minLength: 1, maxLength: otpPolicy.digits });
