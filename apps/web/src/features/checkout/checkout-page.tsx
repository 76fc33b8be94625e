import { useTrackOnce } from '../../lib/analytics';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ordinalOf } from '@motor/domain';
import { paths } from '../../lib/paths';
import { useProposal } from '../../lib/proposal-query';
import { refetchAfterWrite } from '../../lib/query-client';
import { MANDATES_QUERY_KEY, proposalQueryKey } from '../../lib/query-keys';
import { Button } from '../../components/ui/button';
import { Notification } from '../../components/ui/notification';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { formatCardBrand, formatPence } from '../../lib/format';
import { useApiClient } from '../../lib/use-api-client';
import { bindProposal, useVerification } from './api/account-setup';
import {
  completeMandate,
  REDIRECT_FLOW_PARAM,
  startPaymentMethodSetup,
  withoutRedirectFlow,
} from '../../lib/payment-methods';
import { startBankPayment } from './api/bank-payments';
import { startCardCheckout, useMandates, useSavedCard } from './api/payments';
import type { CheckoutProposal } from './api/proposal';
import { checkoutPaths } from './checkout-paths';
import { CheckoutDisabledView } from './checkout-status-pages';
import { CheckoutSuccessPage } from './checkout-success-page';
import { DirectDebitSection } from './components/direct-debit-section';
import { MethodPicker } from './components/method-picker';
import { MotoModal } from './components/moto-modal';
import { redirectTo } from './redirect';
import {
  findActiveSchedule,
  getAction,
  getAmountDueNow,
  getCheckoutMethods,
  getInitialMethod,
  getLaterInstalment,
  getOfferedMethods,
  needsPaymentMethod,
  type CheckoutOption,
} from './rules';
import { useCheckoutErrors, useNotAuthorised } from './use-checkout-errors';
import { PageHeader } from '../../components/ui/page-header';

/** Spec 2 §2 checkout index: the payment page, or an error view when it cannot be used. */
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const { productUrlName = '', proposalCode = '' } = useParams();
  const { isAuthenticated, isLoading: isAuthLoading } = useAuth();
  const proposal = useProposal(proposalCode);
  useTrackOnce(isAuthenticated ? { name: 'checkout_started', proposalCode } : null);
  const location = useLocation();
  const isBound = Boolean((location.state as { isBound?: boolean } | null)?.isBound);
  const verification = useVerification(
    proposalCode,
    isAuthenticated &&
      !isBound &&
      proposal.data?.status === 'QUOTE' &&
      proposal.data.quote.ratingStatus === 'QUOTE',
  );

  // Waits for the session too: back from the hosted mandate page (a full page load), sending the
  // customer to account set-up before it is restored would drop ?redirect_flow_id=.
  if (proposal.isPending || isAuthLoading) return <Spinner label={t('loading')} isBlock />;
  if (proposal.isError) return <CheckoutDisabledView />;
  if (proposal.data === null) return <Navigate to={paths.home()} replace />;
  // Bound meanwhile (another tab, the webhook): the success page belongs here.
  if (proposal.data.status === 'POLICY') return <CheckoutSuccessPage />;
  // Just bound on account set-up: the proposal is reloading as POLICY.
  if (isBound) return <Spinner label={t('loading')} isBlock />;
  // Paying needs an account: account set-up signs the visitor in and comes back here.
  if (!isAuthenticated) {
    return <Navigate to={checkoutPaths.accountSetup(productUrlName, proposalCode)} replace />;
  }
  if (!findActiveSchedule(proposal.data)) return <CheckoutDisabledView reason="noSchedule" />;
  if (proposal.data.status !== 'QUOTE' || proposal.data.quote.ratingStatus !== 'QUOTE') {
    return <CheckoutDisabledView />;
  }
  if (verification.isPending) return <Spinner label={t('loading')} isBlock />;
  // A gate failed (issue 31 item 9): account set-up explains it, with the chat action.
  if (verification.data?.isClear === false) {
    return <Navigate to={checkoutPaths.accountSetup(productUrlName, proposalCode)} replace />;
  }
  return <CheckoutForm proposal={proposal.data} />;
}

/** Completes a mandate flow the customer came back from (`?redirect_flow_id=`), once. */
function useMandateReturn() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onError = useCheckoutErrors();
  const [searchParams, setSearchParams] = useSearchParams();
  const redirectFlowId = searchParams.get(REDIRECT_FLOW_PARAM);
  const [isCompleting, setIsCompleting] = useState(false);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!redirectFlowId || handled.current === redirectFlowId) return;
    handled.current = redirectFlowId;
    setIsCompleting(true);
    completeMandate(client, redirectFlowId)
      // The list's first fetch may have started before the mandate existed.
      .then(() => refetchAfterWrite(queryClient, MANDATES_QUERY_KEY), onError)
      .finally(() => {
        setIsCompleting(false);
        setSearchParams(withoutRedirectFlow, { replace: true });
      });
  }, [client, queryClient, onError, redirectFlowId, setSearchParams]);

  return isCompleting;
}

const PAY_LABELS = {
  CARD: 'PAY',
  DUAL: 'PAY_DUAL',
  DIRECT_DEBIT: 'PAY_DIRECT_DEBIT',
  BANK: 'PAY_BANK',
} as const;

/** What the bank's return says of an instant bank payment that did not go through. */
const BANK_FAILED = 'failed';

function CheckoutForm({ proposal }: { proposal: CheckoutProposal }) {
  const { t } = useTranslation('checkout');
  const { isAdmin } = useAuth();
  const { productUrlName = '' } = useParams();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onError = useCheckoutErrors();
  const notAuthorised = useNotAuthorised();
  const [searchParams] = useSearchParams();
  const [initialMethod] = useState<CheckoutOption>(() =>
    getInitialMethod(searchParams.get('context'), getCheckoutMethods(proposal)),
  );
  const methods = getOfferedMethods(initialMethod, getCheckoutMethods(proposal));
  const [method, setMethod] = useState<CheckoutOption>(initialMethod);
  // Back from a bank payment that was cancelled or refused: said once, beside the choice.
  const [bankFailed] = useState(() => searchParams.get('bank') === BANK_FAILED);
  const [isBusy, setIsBusy] = useState(false);
  const [isMotoOpen, setIsMotoOpen] = useState(false);
  // BANK sets up its Direct Debit in the bank's own flow: no mandate is added here first.
  const usesDirectDebit = method === 'DUAL' || method === 'DIRECT_DEBIT';
  const isCompletingMandate = useMandateReturn();
  const mandates = useMandates({ enabled: usesDirectDebit });
  const mandate = mandates.data?.[0] ?? null;
  // Spec 2 §4.3: with nothing to pay by card, a card already saved makes it BIND by that card.
  const isFree = !needsPaymentMethod(proposal);
  const savedCard = useSavedCard({ enabled: method === 'CARD' && isFree });
  const bindCard = method === 'CARD' && isFree ? (savedCard.data ?? null) : null;
  const action = getAction(proposal, method, bindCard !== null);
  const code = proposal.proposalCode;
  const amountDueNow = getAmountDueNow(proposal);
  const laterInstalment = getLaterInstalment(proposal);
  const callbackPath = checkoutPaths.callback(productUrlName, code);
  // The policy's method once bound: DUAL pays the deposit by card and then by Direct Debit.
  const paymentMethodType = method === 'CARD' ? 'CARD' : 'BACS_DEBIT';
  const errorPath = checkoutPaths.paymentError(productUrlName, code);

  const onBound = async () => {
    await queryClient.invalidateQueries({ queryKey: proposalQueryKey(code) });
    await navigate(checkoutPaths.success(productUrlName, code), { replace: true });
  };

  const perform = async (task: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await task();
    } catch (error) {
      onError(error);
      setIsBusy(false);
    }
  };

  const onAddMandate = () =>
    void perform(async () => {
      // A path on this site: the provider sends the customer back with ?redirect_flow_id=.
      const url = await startPaymentMethodSetup(client, {
        type: 'BACS_DEBIT',
        accountCode: code,
        mandateDescription: t('directDebit.description'),
        returnPath: `${checkoutPaths.checkout(productUrlName, code)}?context=${method}`,
        // The server checks the quote may still be bought before sending the customer to the bank.
        proposalCode: code,
      });
      redirectTo(url);
    });

  const onPayByBank = () => {
    // Only the customer can approve a payment in their own bank: not something staff do.
    if (isAdmin) {
      notAuthorised();
      return;
    }
    void perform(async () => {
      const checkout = checkoutPaths.checkout(productUrlName, code);
      const session = await startBankPayment(client, code, {
        successPath: checkoutPaths.bankCallback(productUrlName, code),
        cancelPath: `${checkout}?context=BANK&bank=${BANK_FAILED}`,
      });
      redirectTo(session.redirectUrl);
    });
  };

  const onSubmit = () => {
    if (action === 'PAY' && method === 'BANK') {
      onPayByBank();
      return;
    }
    if (action === 'PAY' && method !== 'DIRECT_DEBIT') {
      if (isAdmin) {
        setIsMotoOpen(true);
        return;
      }
      void perform(async () => {
        const session = await startCardCheckout(client, code, {
          saveCard: method === 'CARD',
          successPath: callbackPath,
          cancelPath: errorPath,
          paymentMethodType,
        });
        redirectTo(session.url);
      });
      return;
    }
    if (action === 'SETUP') {
      // Saving a card needs the cardholder on the hosted page: not something staff do.
      if (isAdmin) {
        notAuthorised();
        return;
      }
      void perform(async () => {
        const url = await startPaymentMethodSetup(client, {
          type: 'CARD',
          // No account before bind: the set-up's client reference is the proposal.
          accountCode: code,
          mandateDescription: t('directDebit.description'),
          returnPath: errorPath,
          cardSavedPath: `${callbackPath}?setup=1`,
        });
        redirectTo(url);
      });
      return;
    }
    // BIND, or a direct-debit PAY whose deposit is collected from the mandate. A free quote
    // binds with no payment method at all.
    void perform(async () => {
      await bindProposal(client, code, isFree && !bindCard ? undefined : paymentMethodType);
      await onBound();
    });
  };

  const isMandateMissing = usesDirectDebit && !mandate;
  const isCardLoading = method === 'CARD' && isFree && savedCard.isPending;
  const payLabel =
    action === 'PAY'
      ? t(`page.actions.${PAY_LABELS[method]}`, {
          amount: formatPence(amountDueNow),
        })
      : t(`page.actions.${action}`);
  const dateOfBirth = proposal.quote.insuredProfiles.find((profile) => profile.policyholder)?.data
    .dateOfBirth;

  return (
    <div className="checkout">
      <PageHeader title={t('page.title')} lead={t('page.intro')} />
      <div className="checkout__layout">
        <div className="checkout__main">
          {bankFailed ? (
            <Notification variant="critical" isAlert>
              {t('bankPayment.failed')}
            </Notification>
          ) : null}
          <MethodPicker methods={methods} value={method} onChange={setMethod} />
          {method === 'BANK' ? (
            <section className="checkout-section" aria-labelledby="checkout-bank-title">
              <h2 id="checkout-bank-title" className="checkout-section__title">
                {t('bankPayment.title')}
              </h2>
              <p className="text-muted">{t('bankPayment.content')}</p>
            </section>
          ) : null}
          {usesDirectDebit ? (
            <DirectDebitSection
              mandate={mandate}
              isLoading={mandates.isPending}
              isCompleting={isCompletingMandate}
              isStarting={isBusy}
              onAdd={onAddMandate}
            />
          ) : null}
        </div>
        <aside className="checkout__summary" aria-labelledby="checkout-due-now">
          <h2 id="checkout-due-now" className="checkout-section__title">
            {t('page.dueNow')}
          </h2>
          {action === 'PAY' ? (
            <p className="checkout__amount">{formatPence(amountDueNow)}</p>
          ) : (
            <p className="checkout__amount">{t('page.nothingDue')}</p>
          )}
          {laterInstalment ? (
            <p className="text-muted">
              {laterInstalment.then
                ? t('page.monthlyThen', {
                    count: laterInstalment.count,
                    amount: formatPence(laterInstalment.amountPence),
                    laterCount: laterInstalment.then.count,
                    laterAmount: formatPence(laterInstalment.then.amountPence),
                    month: ordinalOf(laterInstalment.then.fromMonth),
                  })
                : t('page.monthly', {
                    count: laterInstalment.count,
                    amount: formatPence(laterInstalment.amountPence),
                  })}
            </p>
          ) : null}
          {bindCard ? (
            <p className="text-muted">
              {t('page.savedCard', {
                brand: formatCardBrand(bindCard.brand),
                last4: bindCard.last4,
              })}
            </p>
          ) : null}
          {isMandateMissing && !mandates.isPending ? (
            <p id="checkout-pay-hint" className="text-muted">
              {t('directDebit.required')}
            </p>
          ) : null}
          <Button
            className="checkout__pay"
            onClick={onSubmit}
            disabled={isBusy || isMandateMissing || isCardLoading}
            aria-describedby={isMandateMissing ? 'checkout-pay-hint' : undefined}
          >
            {payLabel}
          </Button>
          {isBusy ? <Spinner label={t('page.processing')} size="small" /> : null}
        </aside>
      </div>
      {isMotoOpen ? (
        <MotoModal
          proposalCode={code}
          amountPence={amountDueNow}
          saveCard={method === 'CARD'}
          paymentMethodType={paymentMethodType}
          storedDateOfBirth={typeof dateOfBirth === 'string' ? dateOfBirth : undefined}
          onClose={() => setIsMotoOpen(false)}
          onPaid={() => void onBound()}
        />
      ) : null}
    </div>
  );
}
