import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomerAccountListResponseSchema } from '@motor/contract';
import { formatMoney } from '@motor/domain';
import { Notification } from '../../../components/ui/notification';
import { Spinner } from '../../../components/ui/spinner';
import { useApiClient } from '../../../lib/use-api-client';
import type { Policy } from '../api/get-policy';

/**
 * The billing tab as the ledger knows it today: the customer account of the policy (payment
 * method, payment day, balance, what is outstanding). Statements arrive with billing (issue 16).
 */
export function BillingTab({ policy }: { policy: Policy }) {
  const { t } = useTranslation('servicing');
  const client = useApiClient();
  const accounts = useQuery({
    queryKey: ['customerAccounts', policy.policyNumber],
    queryFn: async ({ signal }) =>
      CustomerAccountListResponseSchema.parse(
        await client.get<unknown>(
          `/customerAccounts?policyNumber=${encodeURIComponent(policy.policyNumber)}`,
          { signal },
        ),
      ),
  });
  if (accounts.isPending) return <Spinner isBlock />;
  const account = accounts.data?.[0];
  return (
    <section className="card" aria-labelledby="policy-billing-title">
      <h2 id="policy-billing-title">{t('billing.title')}</h2>
      {account ? (
        <>
          {account.outstandingAmount > 0 ? (
            <Notification variant="warning" title={t('billing.outstandingTitle')}>
              {t('billing.outstanding', { amount: formatMoney(account.outstandingAmount) })}
            </Notification>
          ) : null}
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt>{t('billing.method')}</dt>
              <dd>
                {account.paymentMethodType
                  ? t(`billing.methods.${account.paymentMethodType}`)
                  : t('billing.noMethod')}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt>{t('billing.paymentDay')}</dt>
              <dd>{t('billing.paymentDayValue', { day: account.paymentDay })}</dd>
            </div>
            <div className="summary-list__row">
              <dt>{t('billing.balance')}</dt>
              <dd>
                {account.accountBalance > 0
                  ? t('billing.owed', { amount: formatMoney(account.accountBalance) })
                  : account.accountBalance < 0
                    ? t('billing.credit', { amount: formatMoney(-account.accountBalance) })
                    : t('billing.settled')}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt>{t('billing.status')}</dt>
              <dd>{t(`billing.statuses.${account.accountStatus}`)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p>{t('billing.none')}</p>
      )}
    </section>
  );
}
