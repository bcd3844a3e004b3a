import { randomUUID } from 'node:crypto';
import {
  Type,
  badRequest,
  conflict,
  notFound,
  tooManyRequests,
  type Database,
  type SealSecret,
  type ServiceApp,
  type TokenSigner,
  type UnitOfWork,
} from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  deleteAbandonedChallenges,
  deleteChallengesOf,
  findPendingChallenges,
  insertChallenge,
  lockSignupsOf,
  recordWrongCode,
  replaceCode,
  type ChallengeRow,
} from '../db/signup-challenges.ts';
import { findUserByEmail, insertUser } from '../db/users.ts';
import { normalizeEmail, normalizeName } from '../domain/accounts.ts';
import { checkOtp, issueOtp, otpPolicy, pendingSince, resendWaitSeconds } from '../domain/otp.ts';
import { hashPassword, verifyPassword } from '../domain/passwords.ts';
import { ownershipOf } from '../domain/signup-ownership.ts';
import { publishOtpRequested } from '../events/emails.ts';
import type { AttemptLimiter } from './limits.ts';
import { Email, ErrorResponse, GivenPassword, MessageResponse, Name, Otp, Password, TokenResponse } from './schemas.ts';
import { quantity } from './wording.ts';
import type { IdentityMetrics } from './metrics.ts';

export interface SignupDeps {
  db: Database;
  uow: UnitOfWork;
  signer: TokenSigner;
  limitAttempts: AttemptLimiter;
  seal: SealSecret;
  signups: IdentityMetrics['signups'];
}

const SignupBody = Type.Object({ name: Name, email: Email, password: Password }, { additionalProperties: false });
const RequireOtp = Type.Object({ requireOTP: Type.Literal(true) });

const emailTaken = () => conflict('An account with this email already exists. Please sign in.', 'EMAIL_TAKEN');
const noPendingSignup = () => notFound('No signup is waiting for this email. Please sign up again.', 'NO_PENDING_SIGNUP');
const waitForCode = (seconds: number) => tooManyRequests(`Please wait ${quantity(seconds, 'second')} before requesting a new code.`, 'OTP_COOLDOWN');
const contested = () =>
  conflict('More than one sign-up is waiting for this email address. Please send the password you chose at sign-up along with the code.', 'SIGNUP_CONTESTED');
const otherPassword = () =>
  conflict(
    'This code was sent for another sign-up of this email address, made with a different password. Enter the code sent for your sign-up, or sign up again.',
    'SIGNUP_OTHER_PASSWORD',
  );

function wrongCode(attempts: number) {
  const left = otpPolicy.maxAttempts - attempts;
  return left > 0
    ? badRequest(`Incorrect code. ${quantity(left, 'attempt')} left.`, 'OTP_INVALID')
    : badRequest('Incorrect code. That was the last attempt: please request a new code.', 'OTP_INVALID');
}

/**
 * The browser that started a signup keeps its challenge's id in a cookie: its resend reaches
 * that signup only, and its verify completes that signup even when a stranger's signup for the
 * same address (whose code also lands in the owner's inbox) contests it.
 */
const signupCookie = 'betterplus_signup';

function boundChallenge(request: { headers: { cookie?: string } }): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === signupCookie && value && /^[0-9a-f-]{36}$/.test(value)) return value;
  }
  return undefined;
}

function bindChallenge(reply: { header(name: string, value: string): unknown }, id: string): void {
  reply.header('set-cookie', `${signupCookie}=${id}; Path=/api/signup; Max-Age=${otpPolicy.pendingHours * 3600}; HttpOnly; SameSite=Strict`);
}

/** The signups a resend may reach: the bound one when the browser has it, else all. */
const reachable = (challenges: ChallengeRow[], bound: string | undefined): ChallengeRow[] => {
  const own = challenges.filter((challenge) => challenge.id === bound);
  return own.length > 0 ? own : challenges;
};

export function signupRoutes(app: ServiceApp, deps: SignupDeps): void {
  initiateRoutes(app, deps);
  verifyRoute(app, deps);
  resendRoute(app, deps);
}

/** Starting a signup, at /api/signup and /api/signup/initiate alike. */
function initiateRoutes(app: ServiceApp, deps: SignupDeps): void {
  const summaries = {
    '/api/signup': 'Start a signup, as /api/signup/initiate does: no account exists until the emailed code proves the address',
    '/api/signup/initiate': 'Start a signup: emails a one-time code that /api/signup/verify takes',
  };
  for (const [url, summary] of Object.entries(summaries)) {
    app.post(
      url,
      { schema: { summary, body: SignupBody, response: { 200: RequireOtp, 400: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse } } },
      /**
       * Every initiate is its own challenge with its own code, name and password hash: a later
       * initiate for the address (after the 30 s cooldown) never changes what an earlier one creates.
       */
      async (request, reply) => {
        const name = normalizeName(request.body.name);
        const email = normalizeEmail(request.body.email);
        await deps.limitAttempts('signup', { ip: request.ip, account: email });
        if (await findUserByEmail(deps.db, email)) throw emailTaken();
        const passwordHash = await hashPassword(request.body.password);
        const now = new Date();
        const otp = issueOtp(now);
        const id = randomUUID();
        await deps.uow.run(async (tx) => {
          await lockSignupsOf(tx, email);
          await deleteAbandonedChallenges(tx, pendingSince(now));
          const pending = await findPendingChallenges(tx, email, pendingSince(now));
          const wait = resendWaitSeconds(new Date(Math.max(0, ...pending.map((c) => c.resend_after.getTime()))), now);
          if (wait > 0) throw waitForCode(wait);
          // Pending signups not yet contested share one password, so the newest one tells.
          const [newest] = pending;
          const contests = newest !== undefined && (newest.contested || !(await verifyPassword(newest.password_hash, request.body.password)));
          await insertChallenge(tx, { id, email, name, passwordHash, contested: contests }, otp, now);
          await publishOtpRequested(tx, deps.seal, { email, name, code: otp.code, expiresAt: otp.expiresAt });
        });
        bindChallenge(reply, id);
        return reply.status(200).send({ requireOTP: true as const });
      },
    );
  }
}

/** Finishing a signup with the emailed code. */
function verifyRoute(app: ServiceApp, deps: SignupDeps): void {
  app.post(
    '/api/signup/verify',
    {
      schema: {
        summary: 'Finish a signup with the emailed code: creates the account the code was sent for and signs in',
        body: Type.Object(
          {
            email: Email,
            otp: Otp,
            // The password chosen at initiate: proof of whose signup it is, for a contested one.
            password: Type.Optional(GivenPassword),
          },
          { additionalProperties: false },
        ),
        response: { 201: TokenResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('signup', { ip: request.ip, account: email });
      const now = new Date();
      const outcome = await deps.uow.run(async (tx) => {
        await lockSignupsOf(tx, email);
        // The code selects its signup among all of the address's: one sent for another is not "wrong".
        const challenges = await findPendingChallenges(tx, email, pendingSince(now));
        const bound = boundChallenge(request);
        const own = challenges.find((c) => c.id === bound) ?? challenges[0];
        if (!own) throw noPendingSignup();
        const stored = (c: ChallengeRow) => ({ codeHash: c.code_hash, salt: c.salt, attempts: c.attempts, expiresAt: c.expires_at });
        const checks = challenges.map((challenge) => ({ challenge, check: checkOtp(stored(challenge), request.body.otp, now) }));
        const match = checks.find((c) => c.check === 'valid')?.challenge;
        if (!match) {
          const live = checks.filter((c) => c.check === 'wrong').map((c) => c.challenge.id);
          // Nothing left to try: say why the client's signup (else the newest) cannot take a code.
          if (live.length === 0) return { check: checkOtp(stored(own), request.body.otp, now) === 'exhausted' ? ('exhausted' as const) : ('expired' as const) };
          // Refused after the transaction commits, so the attempt stays counted.
          return { check: 'wrong' as const, attempts: await recordWrongCode(tx, live) };
        }
        const { password } = request.body;
        const ownership = ownershipOf(match, {
          signupId: bound,
          passwordMatches: password === undefined ? undefined : await verifyPassword(match.password_hash, password),
        });
        // A right code is no wrong attempt: refused without counting it or changing anything.
        if (ownership !== 'shown') return { check: ownership };
        const userId = randomUUID();
        // Someone may have signed up with this address (through Google) since the code was sent.
        if (!(await insertUser(tx, { id: userId, name: match.name, email, passwordHash: match.password_hash, emailVerified: true }))) throw emailTaken();
        await deleteChallengesOf(tx, email);
        await tx.publish(UserRegisteredEvent, userId, { userId, name: match.name, email, registeredAt: timestampFromDate(now) });
        return { check: 'valid' as const, userId };
      });
      switch (outcome.check) {
        case 'wrong':
          throw wrongCode(outcome.attempts);
        case 'expired':
          throw badRequest('This code has expired. Please request a new code.', 'OTP_EXPIRED');
        case 'exhausted':
          throw badRequest('Too many incorrect codes. Please request a new code.', 'OTP_ATTEMPTS_EXCEEDED');
        case 'unshown':
          throw contested();
        case 'refuted':
          throw otherPassword();
        case 'valid':
          deps.signups.inc({ method: 'email' });
          return reply.status(201).send({ token: await deps.signer.sign(outcome.userId) });
      }
    },
  );
}

/** A new code for a pending signup. */
function resendRoute(app: ServiceApp, deps: SignupDeps): void {
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
        await lockSignupsOf(tx, email);
        const [challenge] = reachable(await findPendingChallenges(tx, email, pendingSince(now)), boundChallenge(request));
        if (!challenge) throw noPendingSignup();
        const wait = resendWaitSeconds(challenge.resend_after, now);
        if (wait > 0) throw waitForCode(wait);
        await replaceCode(tx, challenge.id, otp);
        await publishOtpRequested(tx, deps.seal, { email, name: challenge.name, code: otp.code, expiresAt: otp.expiresAt });
      });
      return { message: 'A new code has been sent to your email address.' };
    },
  );
}
