import { randomUUID } from 'node:crypto';
import { Type, badRequest, conflict, notFound, tooManyRequests, type Database, type ServiceApp, type TokenSigner, type Transaction, type UnitOfWork } from '@betterplus/kit';
import { OtpRequestedEvent, UserRegisteredEvent } from '@betterplus/events';
import { timestampFromDate, timestampNow } from '@bufbuild/protobuf/wkt';
import {
  deleteAbandonedChallenges,
  deleteChallenge,
  findPendingChallenge,
  recordWrongCode,
  replaceCode,
  resendAfter,
  startChallenge,
} from '../db/signup-challenges.ts';
import { findUserByEmail, insertUser } from '../db/users.ts';
import { normalizeEmail, normalizeName } from '../domain/accounts.ts';
import { checkOtp, issueOtp, otpPolicy, pendingSince, resendWaitSeconds, type IssuedOtp } from '../domain/otp.ts';
import { hashPassword } from '../domain/passwords.ts';
import type { AttemptLimiter } from './limits.ts';
import { Email, ErrorResponse, MessageResponse, Name, Otp, Password, TokenResponse } from './schemas.ts';
import { quantity } from './wording.ts';

export interface SignupDeps {
  db: Database;
  uow: UnitOfWork;
  signer: TokenSigner;
  limitAttempts: AttemptLimiter;
}

const SignupBody = Type.Object({ name: Name, email: Email, password: Password }, { additionalProperties: false });

const emailTaken = () => conflict('An account with this email already exists. Please sign in.', 'EMAIL_TAKEN');
const noPendingSignup = () => notFound('No signup is waiting for this email. Please sign up again.', 'NO_PENDING_SIGNUP');
const waitForCode = (seconds: number) => tooManyRequests(`Please wait ${quantity(seconds, 'second')} before requesting a new code.`, 'OTP_COOLDOWN');

function wrongCode(attempts: number) {
  const left = otpPolicy.maxAttempts - attempts;
  return left > 0
    ? badRequest(`Incorrect code. ${quantity(left, 'attempt')} left.`, 'OTP_INVALID')
    : badRequest('Incorrect code. That was the last attempt: please request a new code.', 'OTP_INVALID');
}

/** The code travels only in the event (notifications emails it); identity keeps its hash. */
const publishOtp = (tx: Transaction, email: string, name: string, otp: IssuedOtp) =>
  tx.publish(OtpRequestedEvent, email, { email, name, code: otp.code, expiresAt: timestampFromDate(otp.expiresAt) });

export function signupRoutes(app: ServiceApp, deps: SignupDeps): void {
  app.post(
    '/api/signup',
    {
      schema: {
        summary: 'Create an account with a password and sign in, without proving the email (the web uses initiate and verify)',
        body: SignupBody,
        response: { 201: TokenResponse, 400: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const name = normalizeName(request.body.name);
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('signup', { ip: request.ip, account: email });
      const passwordHash = await hashPassword(request.body.password);
      const id = randomUUID();
      await deps.uow.run(async (tx) => {
        if (!(await insertUser(tx, { id, name, email, passwordHash, emailVerified: false }))) throw emailTaken();
        await tx.publish(UserRegisteredEvent, id, { userId: id, name, email, registeredAt: timestampNow() });
      });
      return reply.status(201).send({ token: await deps.signer.sign(id) });
    },
  );

  app.post(
    '/api/signup/initiate',
    {
      schema: {
        summary: 'Start a signup: emails a one-time code that /api/signup/verify takes',
        body: SignupBody,
        response: { 200: Type.Object({ requireOTP: Type.Literal(true) }), 400: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const name = normalizeName(request.body.name);
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('signup', { ip: request.ip, account: email });
      if (await findUserByEmail(deps.db, email)) throw emailTaken();
      const passwordHash = await hashPassword(request.body.password);
      const now = new Date();
      const otp = issueOtp(now);
      await deps.uow.run(async (tx) => {
        await deleteAbandonedChallenges(tx, pendingSince(now));
        if (!(await startChallenge(tx, { email, name, passwordHash }, otp, now))) {
          throw waitForCode(resendWaitSeconds((await resendAfter(tx, email)) ?? now, now));
        }
        await publishOtp(tx, email, name, otp);
      });
      return { requireOTP: true as const };
    },
  );

  app.post(
    '/api/signup/verify',
    {
      schema: {
        summary: 'Finish a signup with the emailed code: creates the account and signs in',
        body: Type.Object({ email: Email, otp: Otp }, { additionalProperties: false }),
        response: { 201: TokenResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('signup', { ip: request.ip, account: email });
      const now = new Date();
      const outcome = await deps.uow.run(async (tx) => {
        const challenge = await findPendingChallenge(tx, email, pendingSince(now));
        if (!challenge) throw noPendingSignup();
        const check = checkOtp(
          { codeHash: challenge.code_hash, salt: challenge.salt, attempts: challenge.attempts, expiresAt: challenge.expires_at },
          request.body.otp,
          now,
        );
        // A wrong code is refused after the transaction commits, so the attempt stays counted.
        if (check === 'wrong') return { check, attempts: await recordWrongCode(tx, email) };
        if (check !== 'valid') return { check };
        const userId = randomUUID();
        // Someone may have signed up with this address (through Google) since the code was sent.
        if (!(await insertUser(tx, { id: userId, name: challenge.name, email, passwordHash: challenge.password_hash, emailVerified: true }))) throw emailTaken();
        await deleteChallenge(tx, email);
        await tx.publish(UserRegisteredEvent, userId, { userId, name: challenge.name, email, registeredAt: timestampFromDate(now) });
        return { check, userId };
      });
      switch (outcome.check) {
        case 'wrong':
          throw wrongCode(outcome.attempts);
        case 'expired':
          throw badRequest('This code has expired. Please request a new code.', 'OTP_EXPIRED');
        case 'exhausted':
          throw badRequest('Too many incorrect codes. Please request a new code.', 'OTP_ATTEMPTS_EXCEEDED');
        case 'valid':
          return reply.status(201).send({ token: await deps.signer.sign(outcome.userId) });
      }
    },
  );

  app.post(
    '/api/signup/resend-otp',
    {
      schema: {
        summary: 'Email a new code for a pending signup; the previous code stops working',
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: { 200: MessageResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('signup', { ip: request.ip, account: email });
      const now = new Date();
      const otp = issueOtp(now);
      await deps.uow.run(async (tx) => {
        const challenge = await findPendingChallenge(tx, email, pendingSince(now));
        if (!challenge) throw noPendingSignup();
        const wait = resendWaitSeconds(challenge.resend_after, now);
        if (wait > 0) throw waitForCode(wait);
        await replaceCode(tx, email, otp);
        await publishOtp(tx, email, challenge.name, otp);
      });
      return { message: 'A new code has been sent to your email address.' };
    },
  );
}
