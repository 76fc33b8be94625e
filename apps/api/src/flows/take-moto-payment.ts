import type { MotoCheckoutResponse } from '@motor/contract';
import type { ServiceDeps } from '../app-types';
import { chargeByPhone } from '../modules/payment';
import { bindProposal } from './bind-policy';

/**
 * Staff take a card payment by phone (MOTO) and the quote becomes a policy: the charge checks
 * every bind gate before any money moves, then the bind records the settled payment.
 */
export async function takeMotoPayment(
  deps: ServiceDeps,
  options: Parameters<typeof chargeByPhone>[1],
): Promise<MotoCheckoutResponse> {
  const charged = await chargeByPhone(deps, options);
  await bindProposal(deps, {
    proposalCode: options.row.proposalCode,
    principal: options.principal,
    paymentMethodType: charged.paymentMethodType,
    payment: {
      provider: 'CARD',
      providerPaymentId: charged.providerPaymentId,
      amountPence: charged.amountPence,
      settled: true,
    },
  });
  return {
    status: 'SUCCEEDED',
    providerPaymentId: charged.providerPaymentId,
    amountPence: charged.amountPence,
  };
}
