import { useState, type ReactElement } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type {
  CustomerAccountResponse,
  Mandate,
  SavedCard,
  StatementResponse,
  StatementSummaryResponse,
} from '@motor/contract';
import { canEditPaymentDay } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { Notification } from '../../components/ui/notification';
import { Spinner } from '../../components/ui/spinner';
import { SummaryRow } from '../../components/ui/summary-row';
import { useAuth } from '../../lib/auth';
import { brandFeatures } from '../../lib/brand';
import { formatCardBrand, formatDate, formatPence } from '../../lib/format';
import { findSchemeByCode } from '../../lib/schemes';
import { useApiClient } from '../../lib/use-api-client';
import type { Policy } from '../../lib/policy/get-policy';
import { getParties } from '../../lib/policy/policy-facts';
import {
  startSettleCheckout,
  useActiveMandate,
  useSavedCard,
  useCustomerAccount,
  useNextStatementEstimate,
  useStatements,
} from './billing-api';
import { FirstCollectionNotice } from './first-collection-notice';
import { MonthlyChart } from './monthly-chart';
import { PaymentDayModal } from './payment-day-modal';
import { ChangePaymentMethodButton, PaymentMethodReturn } from './payment-method-change';
import { SettleModal } from './settle-modal';
import { StatementModal } from './statement-modal';
import { StatementStatusIcon } from './statement-status-icon';
import './billing.css';
import { FailureNotice } from '../../components/ui/failure-notice';
import { TitledCard } from '../../components/ui/titled-card';

// The billing tab (spec 3 §2 "Billing tab"; flex and annual, never driveaway — the policy page
// decides): notices (failed payment, suspended), the outstanding payment with a pay button, a
// sidebar of payment settings (hidden when the scheme hides it) with the Direct Debit's bank and
// last digits and the payment day, the latest statement, the next-bill estimate, previous
// statements and a chart of monthly amounts. Clicking a statement opens the statement modal.
// Only settled money is money (issue 30 item 5): the balance counts what has cleared; a payment
// being collected is shown as such (the clock) and never offered for payment again.

type OpenStatement = { statementNumber: string } | { estimate: StatementResponse };

function StatementButton({
  summary,
  onOpen,
}: {
  summary: StatementSummaryResponse;
  onOpen: () => void;
}): ReactElement {
  const { t } = useTranslation('billing');
  return (
    <button
      type="button"
      className="billing-statement"
      aria-label={t('statement.view', { number: summary.statementNumber })}
      onClick={onOpen}
    >
      <span className="billing-statement__number">
        {t('statement.label', { number: summary.statementNumber })}
      </span>
      <span className="billing-statement__date">
        {t('statement.created', { date: formatDate(summary.createdAt) })}
      </span>
      <span className="billing-statement__amount">{formatPence(summary.statementBalance)}</span>
      <span className="billing-statement__status">
        <StatementStatusIcon status={summary.status} />
      </span>
    </button>
  );
}

function OutstandingPayment({
  account,
  policy,
  onPayByPhone,
}: {
  account: CustomerAccountResponse;
  policy: Policy;
  onPayByPhone: () => void;
}): ReactElement {
  const { t } = useTranslation('billing');
  const { isAdmin } = useAuth();
  const client = useApiClient();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const checkout = useMutation({
    meta: { handlesErrors: true },
    mutationFn: () =>
      startSettleCheckout(client, account.accountId, {
        successPath: here,
        cancelPath: here,
        lineItem: { name: t('outstanding.itemName', { policyNumber: policy.policyNumber }) },
        locale: 'en-GB',
        saveCard: false,
      }),
    onSuccess: (session) => window.location.assign(session.url),
  });
  const toPay = account.outstandingAmount > 0;
  const collecting = collectingBeyondFirst(account);
  return (
    <section className="card billing-outstanding" aria-labelledby="billing-outstanding-title">
      <h3 id="billing-outstanding-title">{t('outstanding.title')}</h3>
      {toPay ? (
        <p className="billing-outstanding__amount">
          {t('outstanding.amount', { amount: formatPence(account.outstandingAmount) })}
        </p>
      ) : null}
      {collecting > 0 ? (
        <p className="billing-outstanding__collecting">
          <StatementStatusIcon status="PENDING" decorative />
          {t('outstanding.collecting', { amount: formatPence(collecting) })}
        </p>
      ) : null}
      {checkout.isError ? <FailureNotice>{t('outstanding.failed')}</FailureNotice> : null}
      {!toPay ? null : isAdmin ? (
        <Button onClick={onPayByPhone}>{t('outstanding.payByPhone')}</Button>
      ) : (
        <Button
          onClick={() => checkout.mutate()}
          disabled={checkout.isPending || checkout.isSuccess}
        >
          {checkout.isPending || checkout.isSuccess
            ? t('outstanding.starting')
            : t('outstanding.pay')}
        </Button>
      )}
    </section>
  );
}

/**
 * What is being collected besides the purchase's first Direct Debit (its own notice says how much
 * and when): a monthly collection or a retry with the bank, not to be paid again by card.
 */
const collectingBeyondFirst = (account: CustomerAccountResponse) =>
  account.pendingPaymentAmount - (account.firstCollection?.amountPence ?? 0);

/** The balance as settled money says it: owed, in credit or nothing to pay (issue 30 item 5). */
function balanceText(account: CustomerAccountResponse, t: TFunction<'billing'>): string {
  if (account.accountBalance > 0) {
    return t('sidebar.owed', { amount: formatPence(account.accountBalance) });
  }
  if (account.accountBalance < 0) {
    return t('sidebar.credit', { amount: formatPence(-account.accountBalance) });
  }
  return t('sidebar.settled');
}

/** A sum on its way, being collected or refunded: a row only while there is one. */
function PendingRow({ term, amount }: { term: string; amount: number }) {
  const { t } = useTranslation('billing');
  if (!(amount > 0)) return null;
  return (
    <SummaryRow term={term}>
      <StatementStatusIcon status="PENDING" decorative />
      {t('sidebar.pendingAmount', { amount: formatPence(amount) })}
    </SummaryRow>
  );
}

function PaymentSettings({
  account,
  mandate,
  card,
  onChangeDay,
  mayChangeMethod,
}: {
  account: CustomerAccountResponse;
  /** The Direct Debit collected from, shown as its bank and last digits (spec 3 §3). */
  /** The active mandate; null when there is none (cancelled by the bank); undefined loading. */
  mandate: Mandate | null | undefined;
  /** A card account's saved card; null when none is saved; undefined loading or not asked. */
  card: SavedCard | null | undefined;
  onChangeDay: (() => void) | null;
  /** The policy is in force or to start: its mandate or card may be replaced. */
  mayChangeMethod: boolean;
}): ReactElement {
  const { t } = useTranslation('billing');
  return (
    <aside className="card billing-sidebar" aria-labelledby="billing-sidebar-title">
      <h3 id="billing-sidebar-title">{t('sidebar.label')}</h3>
      <dl className="summary-list">
        <SummaryRow term={t('sidebar.method')}>
          {account.paymentMethodType
            ? t(`sidebar.methods.${account.paymentMethodType}`)
            : t('sidebar.noMethod')}
        </SummaryRow>
        {account.paymentMethodType === 'BACS_DEBIT' && mandate ? (
          <SummaryRow term={t('sidebar.bankAccount')}>
            {t('sidebar.bankAccountValue', {
              bank: mandate.bankName,
              ending: mandate.accountNumberEnding,
            })}
          </SummaryRow>
        ) : null}
        {account.paymentMethodType === 'BACS_DEBIT' && mandate === null ? (
          <SummaryRow term={t('sidebar.bankAccount')} valueClassName="billing-sidebar__warning">
            {t('sidebar.noMandate')}
          </SummaryRow>
        ) : null}
        {account.paymentMethodType === 'CARD' && card !== undefined ? (
          <SummaryRow
            term={t('sidebar.card')}
            valueClassName={card ? undefined : 'billing-sidebar__warning'}
          >
            {card
              ? t('sidebar.cardValue', { brand: formatCardBrand(card.brand), ending: card.last4 })
              : t('sidebar.noCard')}
          </SummaryRow>
        ) : null}
        <SummaryRow term={t('sidebar.paymentDay')}>
          {t('sidebar.paymentDayValue', { day: account.paymentDay })}
        </SummaryRow>
        <SummaryRow term={t('sidebar.balance')}>{balanceText(account, t)}</SummaryRow>
        <PendingRow term={t('sidebar.collecting')} amount={account.pendingPaymentAmount} />
        <PendingRow term={t('sidebar.refunding')} amount={account.pendingRefundAmount} />
        <SummaryRow term={t('sidebar.status')}>
          {t(`sidebar.statuses.${account.accountStatus}`)}
        </SummaryRow>
      </dl>
      <div className="billing-sidebar__actions">
        {mayChangeMethod ? <ChangePaymentMethodButton account={account} /> : null}
        {onChangeDay ? (
          <Button layout="small" variant="inverted" onClick={onChangeDay}>
            {t('sidebar.change')}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}

function BillingContent({
  account,
  policy,
}: {
  account: CustomerAccountResponse;
  policy: Policy;
}): ReactElement {
  const { t } = useTranslation('billing');
  const { isAdmin } = useAuth();
  const statements = useStatements(account.accountId);
  const estimate = useNextStatementEstimate(account.accountId);
  const [open, setOpen] = useState<OpenStatement | null>(null);
  const [isChangingDay, setIsChangingDay] = useState(false);
  const [savedDay, setSavedDay] = useState<number | null>(null);
  const [isSettling, setIsSettling] = useState(false);
  const scheme = findSchemeByCode(policy.schemeCode);
  const mandate = useActiveMandate(
    account.paymentMethodType === 'BACS_DEBIT' && !scheme?.hideBillingSidebar,
  );
  const card = useSavedCard(account.paymentMethodType === 'CARD' && !scheme?.hideBillingSidebar);
  const summaries = statements.data ?? [];
  const [latest, ...previous] = summaries;
  const mayChangeDay = canEditPaymentDay({
    isAdmin,
    allowModifyBillingDay: brandFeatures.allowModifyBillingDay,
    accountStatus: account.accountStatus,
  });
  const dateOfBirth = getParties(policy).policyholder?.data.dateOfBirth;

  return (
    <div className="billing">
      {latest?.status === 'FAILED' ? (
        <Notification variant="critical" title={t('notices.failedTitle')}>
          {t('notices.failed')}
        </Notification>
      ) : null}
      {account.accountStatus === 'SUSPENDED' ? (
        <Notification variant="warning" title={t('notices.suspendedTitle')}>
          {t('notices.suspended')}
        </Notification>
      ) : null}
      {scheme?.hideBillingSidebar ? null : <PaymentMethodReturn />}
      {savedDay !== null ? (
        <p role="status" className="notice notice--success">
          {t('paymentDay.saved', { day: savedDay })}
        </p>
      ) : null}
      <FirstCollectionNotice account={account} />
      {account.outstandingAmount > 0 || collectingBeyondFirst(account) > 0 ? (
        <OutstandingPayment
          account={account}
          policy={policy}
          onPayByPhone={() => setIsSettling(true)}
        />
      ) : null}
      <div className="billing__layout">
        <div className="billing__main">
          <section className="card" aria-labelledby="billing-latest-title">
            <h3 id="billing-latest-title">{t('latest.title')}</h3>
            {statements.isPending ? (
              <Spinner isBlock />
            ) : latest ? (
              <StatementButton
                summary={latest}
                onOpen={() => setOpen({ statementNumber: latest.statementNumber })}
              />
            ) : (
              <p>{t('latest.none')}</p>
            )}
          </section>
          <section className="card" aria-labelledby="billing-estimate-title">
            <h3 id="billing-estimate-title">{t('estimate.title')}</h3>
            {estimate.isPending ? (
              <Spinner isBlock />
            ) : estimate.data ? (
              <>
                <p className="billing-estimate__amount">
                  {t('estimate.amount', {
                    amount: formatPence(estimate.data.statementSummary.statementBalance),
                  })}
                </p>
                {estimate.data.statementSummary.paymentDueAt ? (
                  <p>
                    {t('estimate.due', {
                      date: formatDate(estimate.data.statementSummary.paymentDueAt),
                    })}
                  </p>
                ) : null}
                <Button
                  layout="small"
                  variant="inverted"
                  onClick={() => setOpen({ estimate: estimate.data! })}
                >
                  {t('estimate.view')}
                </Button>
              </>
            ) : (
              <p>{t('estimate.none')}</p>
            )}
          </section>
          <MonthlyChart statements={summaries} />
          <section className="card" aria-labelledby="billing-previous-title">
            <h3 id="billing-previous-title">{t('previous.title')}</h3>
            {previous.length === 0 ? (
              <p>{t('previous.none')}</p>
            ) : (
              <ul className="billing-statements">
                {previous.map((summary) => (
                  <li key={summary.statementNumber}>
                    <StatementButton
                      summary={summary}
                      onOpen={() => setOpen({ statementNumber: summary.statementNumber })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        {scheme?.hideBillingSidebar ? null : (
          <PaymentSettings
            account={account}
            mandate={mandate.data}
            card={card.data}
            onChangeDay={mayChangeDay ? () => setIsChangingDay(true) : null}
            mayChangeMethod={['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus)}
          />
        )}
      </div>
      {open ? (
        <StatementModal
          accountId={account.accountId}
          statementNumber={'statementNumber' in open ? open.statementNumber : null}
          estimate={'estimate' in open ? open.estimate : undefined}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {isChangingDay ? (
        <PaymentDayModal
          account={account}
          policyId={policy.policyId}
          policyNumber={policy.policyNumber}
          onClose={(saved) => {
            setIsChangingDay(false);
            if (saved !== null) setSavedDay(saved);
          }}
        />
      ) : null}
      {isSettling ? (
        <SettleModal
          accountId={account.accountId}
          amountPence={account.outstandingAmount}
          itemName={t('outstanding.itemName', { policyNumber: policy.policyNumber })}
          storedDateOfBirth={typeof dateOfBirth === 'string' ? dateOfBirth : undefined}
          onClose={() => setIsSettling(false)}
        />
      ) : null}
    </div>
  );
}

export function BillingTab({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('billing');
  const account = useCustomerAccount(policy.policyNumber);
  return (
    <TitledCard titleId="policy-billing-title" title={t('title')}>
      {account.isPending ? (
        <Spinner isBlock />
      ) : account.isError ? (
        <p role="alert">{t('loadFailed')}</p>
      ) : account.data ? (
        <BillingContent account={account.data} policy={policy} />
      ) : (
        <p>{t('none')}</p>
      )}
    </TitledCard>
  );
}
