import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerAccountResponse } from '@motor/contract';
import { isValidPaymentDay } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useApiClient } from '../../lib/use-api-client';
import {
  BILLING_QUERY_KEY,
  billingQueryKeys,
  findErrorMessage,
  updatePaymentDay,
} from './billing-api';
import { FailureNotice } from '../../components/ui/failure-notice';

// The payment-day modal (spec 3 §5 "Payment day", §9): a day from 1 to 28; confirm is disabled
// while the field is empty or out of range; the call is made only when the day changed.

export function PaymentDayModal({
  account,
  policyId,
  policyNumber,
  onClose,
}: {
  account: CustomerAccountResponse;
  policyId: string;
  policyNumber: string;
  onClose: (saved: number | null) => void;
}): ReactElement {
  const { t } = useTranslation('billing');
  const client = useApiClient();
  const queryClient = useQueryClient();
  const id = useId();
  const [value, setValue] = useState(String(account.paymentDay));
  const day = /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : null;
  const isValid = isValidPaymentDay(day);
  const save = useMutation({
    meta: { handlesErrors: true },
    mutationFn: (paymentDay: number) =>
      updatePaymentDay(client, { accountId: account.accountId, policyId, paymentDay }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(billingQueryKeys.account(policyNumber), updated);
      await queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
      onClose(updated.paymentDay);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || day === null || save.isPending) return;
    // Unchanged: nothing to send.
    if (day === account.paymentDay) {
      onClose(null);
      return;
    }
    save.mutate(day);
  };

  const showError = value.trim() !== '' && !isValid;
  return (
    <Modal isOpen onClose={() => onClose(null)} title={t('paymentDay.title')}>
      <form noValidate onSubmit={onSubmit} className="payment-day-form">
        <p>{t('paymentDay.intro')}</p>
        {save.isError ? (
          <FailureNotice>{findErrorMessage(save.error) ?? t('paymentDay.failed')}</FailureNotice>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-day`}>
            {t('paymentDay.label')}
          </label>
          <p id={`${id}-hint`} className="field__hint">
            {t('paymentDay.hint')}
          </p>
          <input
            id={`${id}-day`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={28}
            value={value}
            aria-invalid={showError ? true : undefined}
            aria-describedby={showError ? `${id}-hint ${id}-error` : `${id}-hint`}
            onChange={(event) => setValue(event.target.value)}
          />
          {showError ? (
            <p id={`${id}-error`} className="field__error">
              {t('paymentDay.invalid')}
            </p>
          ) : null}
        </div>
        <div className="payment-day-form__actions">
          <Button type="submit" disabled={!isValid || save.isPending}>
            {t('paymentDay.confirm')}
          </Button>
          <Button variant="inverted" onClick={() => onClose(null)}>
            {t('paymentDay.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
