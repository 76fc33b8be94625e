import type { ReactElement } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { formatPence } from '../../lib/format';
import { useApiClient } from '../../lib/use-api-client';
import {
  PhonePaymentForm,
  type PhonePaymentCard,
} from '../../components/payment/phone-payment-form';
import { BILLING_QUERY_KEY, settleByPhone } from './billing-api';

// The admin settle (phone payment) modal (spec 3 §5, §8, §9): staff take the account's
// outstanding amount by card with the one phone-payment form (a policy change uses it too).

export function SettleModal({
  accountId,
  amountPence,
  itemName,
  storedDateOfBirth,
  onClose,
}: {
  accountId: string;
  amountPence: number;
  itemName: string;
  storedDateOfBirth: string | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation('billing');
  const client = useApiClient();
  const queryClient = useQueryClient();
  const settle = useMutation({
    meta: { handlesErrors: true },
    mutationFn: (card: PhonePaymentCard) =>
      settleByPhone(client, accountId, { ...card, country: 'GB', itemName }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
    },
  });

  return (
    <Modal isOpen onClose={onClose} title={t('settle.title')}>
      {settle.isSuccess ? (
        <div role="status" className="settle-modal">
          {settle.data.refundPence ? (
            // The customer paid the same balance meanwhile (issue 30 item 6): this one goes back.
            <p>{t('settle.paidTwice', { amount: formatPence(settle.data.refundPence) })}</p>
          ) : (
            <p>{t('settle.paid')}</p>
          )}
          <Button onClick={onClose}>{t('settle.done')}</Button>
        </div>
      ) : (
        <PhonePaymentForm
          intro={t('settle.intro', { amount: formatPence(amountPence) })}
          submitLabel={t('settle.submit')}
          storedDateOfBirth={storedDateOfBirth}
          isSending={settle.isPending}
          onSend={(card) => settle.mutateAsync(card)}
          secondaryAction={
            <Button variant="inverted" onClick={onClose}>
              {t('settle.cancel')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}
