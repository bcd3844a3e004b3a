import { Type } from '@betterplus/kit';
import { passwordLength } from '../domain/accounts.ts';

export const ErrorResponse = Type.Object({ error: Type.String(), code: Type.String() });

export const TokenResponse = Type.Object({ token: Type.String() });

export const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: passwordLength.min, maxLength: passwordLength.max });
