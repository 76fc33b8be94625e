import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodType } from '@motor/domain';
import {
  PhonePaymentForm,
  type PhonePaymentCard,
} from '../../../components/payment/phone-payment-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api-client';
import { formatPence } from '../../../lib/format';
import { useApiClient } from '../../../lib/use-api-client';
import { takePhonePayment } from '../api/payments';
import { useCheckoutErrors } from '../use-checkout-errors';

/**
 * Spec 2 §4, §6: an admin takes a new policy's first payment by card over the phone (MOTO) with
 * the one phone-payment form: the card is typed into the card provider's own form, whose token
 * is entered here, so card numbers never pass through this page; the date of birth is typed as
 * the customer says it (never pre-filled: it proves who is on the phone).
 */
export function MotoModal({
  proposalCode,
  amountPence,
  saveCard,
  paymentMethodType,
  storedDateOfBirth,
  onClose,
  onPaid,
}: {
  proposalCode: string;
  amountPence: number;
  saveCard: boolean;
  paymentMethodType: PaymentMethodType;
  storedDateOfBirth: string | undefined;
  onClose: () => void;
  onPaid: () => void;
}) {
  const { t } = useTranslation('checkout');
  const client = useApiClient();
  const onError = useCheckoutErrors();
  const [shouldSaveCard, setShouldSaveCard] = useState(saveCard);
  const pay = useMutation({
    meta: { handlesErrors: true },
    mutationFn: (card: PhonePaymentCard) =>
      takePhonePayment(client, proposalCode, {
        ...card,
        saveCard: shouldSaveCard,
        paymentMethodType,
      }),
  });

  const onSend = async (card: PhonePaymentCard) => {
    try {
      await pay.mutateAsync(card);
    } catch (error) {
      // A refused card (400, 402) is the form's banner; the checkout's own refusals (the quote
      // changed, not allowed) are said as on the page, which may take the admin to the summary.
      if (isApiError(error) && (error.status === 400 || error.status === 402)) throw error;
      onClose();
      onError(error);
    }
  };

  const amount = formatPence(amountPence);
  return (
    <Modal isOpen onClose={pay.isSuccess ? onPaid : onClose} title={t('moto.title')}>
      {pay.isSuccess ? (
        <div className="checkout-modal" role="status">
          <p>{t('moto.success')}</p>
          <Button onClick={onPaid}>{t('moto.continue')}</Button>
        </div>
      ) : (
        <div className="checkout-modal">
          <PhonePaymentForm
            intro={t('moto.intro', { amount })}
            submitLabel={t('moto.submit', { amount })}
            storedDateOfBirth={storedDateOfBirth}
            isSending={pay.isPending}
            onSend={onSend}
          >
            <label className="checkbox">
              <input
                type="checkbox"
                checked={shouldSaveCard}
                onChange={(event) => setShouldSaveCard(event.target.checked)}
              />{' '}
              {t('moto.saveCard')}
            </label>
          </PhonePaymentForm>
        </div>
      )}
    </Modal>
  );
}
