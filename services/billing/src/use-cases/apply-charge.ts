import type { Transaction, UnitOfWork } from '@betterplus/kit';
import { findCustomer } from '../db/customers.ts';
import { createInvoice } from '../db/invoices.ts';
import { recordPayment } from '../db/payments.ts';
import { reportProviderStatus } from '../db/provider-subscriptions.ts';
import { startPremiumPeriod } from '../db/subscriptions.ts';
import { premiumPeriod } from '../domain/charges.ts';
import { gstBreakdown } from '../domain/gst.ts';
import { plans } from '../domain/plans.ts';
import type { Supplier } from '../domain/supplier.ts';
import { publishPaymentVerified, publishSubscriptionChanged } from '../events/publish.ts';

export interface ConfirmedCharge {
  userId: string;
  providerSubscriptionId: string;
  paymentId: string;
  amountPaise: number;
  /** The provider's current_start of the cycle this charge pays for. */
  cycleStart: Date;
}

/**
 * A charge the provider confirmed (through the checkout's verified payment or a signed webhook),
 * applied once by its payment id whoever reports it first: the payment, its GST invoice, the
 * paid period with a fresh allowance (unless a later period runs already), and the events.
 */
export async function applyCharge(tx: Transaction, charge: ConfirmedCharge, supplier: Supplier): Promise<'applied' | 'duplicate'> {
  const period = premiumPeriod(charge.cycleStart);
  if (!(await recordPayment(tx, { ...charge, period }))) return 'duplicate';
  const customer = await findCustomer(tx, charge.userId);
  const tax = gstBreakdown({ totalPaise: charge.amountPaise, supplierStateCode: supplier.stateCode, placeOfSupplyCode: customer?.state_code ?? null });
  const invoice = await createInvoice(tx, {
    userId: charge.userId,
    paymentId: charge.paymentId,
    plan: 'premium',
    amountPaise: charge.amountPaise,
    taxablePaise: tax.taxablePaise,
    cgstPaise: tax.cgstPaise,
    sgstPaise: tax.sgstPaise,
    igstPaise: tax.igstPaise,
    placeOfSupply: tax.placeOfSupplyCode,
    supplier: { name: supplier.name, address: supplier.address, gstin: supplier.gstin, stateCode: supplier.stateCode },
    buyer: { name: customer?.name ?? '', email: customer?.email ?? '', gstin: customer?.gstin ?? null, stateCode: customer?.state_code ?? null },
    period,
  });
  const started = await startPremiumPeriod(tx, charge.userId, charge.providerSubscriptionId, { ...period, queriesLimit: plans.premium.queriesPerMonth });
  if (started) await publishSubscriptionChanged(tx, started);
  await publishPaymentVerified(tx, invoice, charge.providerSubscriptionId);
  return 'applied';
}

/**
 * The checkout's confirmed charge, applied as any charge is, in a transaction with the provider's
 * status as of the cycle's start: webhooks carry whole seconds, and a later one must still count
 * as later.
 */
export const applyCheckoutCharge = (uow: UnitOfWork, charge: ConfirmedCharge, providerStatus: string, supplier: Supplier): Promise<'applied' | 'duplicate'> =>
  uow.run(async (tx) => {
    const applied = await applyCharge(tx, charge, supplier);
    await reportProviderStatus(tx, charge.providerSubscriptionId, providerStatus, charge.cycleStart);
    return applied;
  });
