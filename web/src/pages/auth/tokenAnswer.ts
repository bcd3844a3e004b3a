import type { Answer } from '../../api/contract.ts';

/** What every call that signs a user in answers (spec section 3, auth response). */
export type TokenAnswer = Answer<'/api/login', 'post'>;
