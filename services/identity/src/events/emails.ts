import { sealedSecretContext, type SealSecret, type Transaction } from '@betterplus/kit';
import { OtpRequestedEvent, PasswordResetRequestedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';

/**
 * The events that make notifications email a secret. The code or token leaves identity only
 * sealed to notifications' public key: what rests in the outbox and travels on the broker is
 * ciphertext that only notifications can open, bound to the event type and the address.
 */
export function publishOtpRequested(tx: Transaction, seal: SealSecret, otp: { email: string; name: string; code: string; expiresAt: Date }): Promise<string> {
  const sealedCode = seal(otp.code, sealedSecretContext(OtpRequestedEvent.schema.typeName, otp.email));
  return tx.publish(OtpRequestedEvent, otp.email, { email: otp.email, name: otp.name, sealedCode, expiresAt: timestampFromDate(otp.expiresAt) });
}

export function publishPasswordResetRequested(
  tx: Transaction,
  seal: SealSecret,
  reset: { userId: string; name: string; email: string; token: string; expiresAt: Date },
): Promise<string> {
  const sealedToken = seal(reset.token, sealedSecretContext(PasswordResetRequestedEvent.schema.typeName, reset.email));
  return tx.publish(PasswordResetRequestedEvent, reset.userId, {
    userId: reset.userId,
    name: reset.name,
    email: reset.email,
    sealedToken,
    expiresAt: timestampFromDate(reset.expiresAt),
  });
}
