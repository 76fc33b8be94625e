import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { Mandate } from '../api/payments';

/**
 * The mandate a direct debit needs: an add button that starts the hosted mandate flow, then a
 * redacted line with the bank and the last digits of the account.
 */
export function DirectDebitSection({
  mandate,
  isLoading,
  isCompleting,
  isStarting,
  onAdd,
}: {
  mandate: Mandate | null;
  isLoading: boolean;
  /** Back from the hosted mandate page: the flow is being completed. */
  isCompleting: boolean;
  isStarting: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <section className="checkout-section" aria-labelledby="checkout-direct-debit">
      <h2 id="checkout-direct-debit" className="checkout-section__title">
        {t('directDebit.title')}
      </h2>
      {isLoading || isCompleting ? (
        <Spinner size="small" label={isCompleting ? t('directDebit.completing') : undefined} />
      ) : mandate ? (
        <p className="checkout-mandate">
          <span className="visually-hidden">
            {t('directDebit.mandateLabel', {
              bankName: mandate.bankName,
              ending: mandate.accountNumberEnding,
            })}
          </span>
          <span aria-hidden="true">
            {t('directDebit.mandate', {
              bankName: mandate.bankName,
              ending: mandate.accountNumberEnding,
            })}
          </span>
        </p>
      ) : (
        <>
          <p>{t('directDebit.none')}</p>
          <Button variant="inverted" onClick={onAdd} disabled={isStarting}>
            {t('directDebit.add')}
          </Button>
        </>
      )}
    </section>
  );
}
