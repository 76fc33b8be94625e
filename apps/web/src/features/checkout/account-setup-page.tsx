import { useTrackOnce } from '../../lib/analytics';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useProposal } from '../../lib/proposal-query';
import { proposalQueryKey } from '../../lib/query-keys';
import { useApiClient } from '../../lib/use-api-client';
import {
  bindProposal,
  createCustomerAccount,
  getOutstandingPence,
  validateAccount,
  verifyCustomer,
} from './api/account-setup';
import { checkoutPaths, type QuoteAddress } from './checkout-paths';
import { OutstandingBalanceModal } from './components/outstanding-balance-modal';
import { VerificationFailedModal } from './components/verification-failed-modal';
import { getFailedChecks, needsPaymentMethod, type FailedCheck } from './rules';
import { useCheckoutErrors } from './use-checkout-errors';
import { PageHeader } from '../../components/ui/page-header';

type Step =
  | { kind: 'verifying' | 'creating' | 'binding' }
  | { kind: 'verificationFailed'; failedChecks: FailedCheck[] }
  | { kind: 'outstanding'; amountPence: number }
  | { kind: 'failed' };

/**
 * Anonymous visitors (spec 2 §4, issue 13): the customer is verified first, as a signed-in one
 * is, so that a check that is not clear is said before they are asked to sign in; then a quote
 * whose e-mail already has an account asks to sign in (409), and sign-in comes back here.
 */
function SignInFirst({ productUrlName, proposalCode }: QuoteAddress) {
  const { t } = useTranslation('checkout');
  const location = useLocation();
  const navigate = useNavigate();
  const client = useApiClient();
  const onError = useCheckoutErrors();
  const [state, setState] = useState<
    | { kind: 'verifying' | 'checking' | 'valid' | 'conflict' }
    | { kind: 'verificationFailed'; failedChecks: FailedCheck[] }
  >({ kind: 'verifying' });
  const signInPath = paths.signIn(`${location.pathname}${location.search}`);

  useEffect(() => {
    let isCurrent = true;
    const run = async () => {
      const verification = await verifyCustomer(client, proposalCode);
      if (!isCurrent) return;
      if (!verification.isClear) {
        setState({ kind: 'verificationFailed', failedChecks: getFailedChecks(verification) });
        return;
      }
      setState({ kind: 'checking' });
      try {
        const isValid = await validateAccount(client, proposalCode);
        if (isCurrent) setState({ kind: isValid ? 'valid' : 'conflict' });
      } catch (error) {
        // Sign-in is needed either way; the conflict check only changes what the user reads.
        if (!isCurrent) return;
        onError(error);
        setState({ kind: 'valid' });
      }
    };
    run().catch((error: unknown) => {
      // The verification could not run: signed in, account set-up verifies again.
      if (!isCurrent) return;
      onError(error);
      setState({ kind: 'valid' });
    });
    return () => {
      isCurrent = false;
    };
  }, [client, proposalCode, onError]);

  if (state.kind === 'valid') return <Navigate to={signInPath} replace />;
  return (
    <div className="checkout">
      <PageHeader title={t('accountSetup.title')} lead={t('accountSetup.signInIntro')} />
      {state.kind === 'verifying' || state.kind === 'checking' ? (
        <Spinner label={t('accountSetup.working')} />
      ) : null}
      {state.kind === 'verificationFailed' ? (
        <VerificationFailedModal
          failedChecks={state.failedChecks}
          quote={{ productUrlName, proposalCode }}
        />
      ) : null}
      <Modal
        isOpen={state.kind === 'conflict'}
        onClose={() => void navigate(signInPath)}
        title={t('accountSetup.conflict.title')}
      >
        <div className="checkout-modal">
          <p>{t('accountSetup.conflict.content')}</p>
          <Button onClick={() => void navigate(signInPath)}>
            {t('accountSetup.conflict.signIn')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

/**
 * Spec 2 §4 checkout flow: verify the customer; if clear create the account (402 retried) and
 * bind when nothing is to be paid (Driveaway), then go to checkout (or straight to success).
 */
export function AccountSetupPage() {
  const { t } = useTranslation('checkout');
  const { isAuthenticated, isLoading } = useAuth();
  const { productUrlName = '', proposalCode = '' } = useParams();
  if (isLoading) return <Spinner label={t('loading')} isBlock />;
  if (!isAuthenticated) {
    return <SignInFirst productUrlName={productUrlName} proposalCode={proposalCode} />;
  }
  return <AccountSetup productUrlName={productUrlName} proposalCode={proposalCode} />;
}

function AccountSetup({ productUrlName, proposalCode }: QuoteAddress) {
  const { t } = useTranslation('checkout');
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onError = useCheckoutErrors();
  const proposal = useProposal(proposalCode);
  const [step, setStep] = useState<Step>({ kind: 'verifying' });
  const started = useRef(false);
  // Signed in on the way to checkout: the funnel's sign-in step.
  useTrackOnce({ name: 'signed_in', proposalCode });

  const run = async () => {
    const current = proposal.data;
    if (!current) return;
    try {
      setStep({ kind: 'verifying' });
      const verification = await verifyCustomer(client, proposalCode);
      if (!verification.isClear) {
        setStep({ kind: 'verificationFailed', failedChecks: getFailedChecks(verification) });
        return;
      }
      setStep({ kind: 'creating' });
      const account = await createCustomerAccount(client, proposalCode);
      const outstandingPence = await getOutstandingPence(client, account);
      if (outstandingPence > 0) {
        setStep({ kind: 'outstanding', amountPence: outstandingPence });
        return;
      }
      if (!needsPaymentMethod(current)) {
        setStep({ kind: 'binding' });
        await bindProposal(client, proposalCode);
        // The proposal is now POLICY, whose router shows success only under checkout (and sends
        // account-setup home): move there first, then let the proposal reload.
        await navigate(checkoutPaths.success(productUrlName, proposalCode), {
          replace: true,
          state: { isBound: true },
        });
        await queryClient.invalidateQueries({ queryKey: proposalQueryKey(proposalCode) });
        return;
      }
      await navigate(checkoutPaths.checkout(productUrlName, proposalCode), { replace: true });
    } catch (error) {
      onError(error);
      setStep({ kind: 'failed' });
    }
  };

  useEffect(() => {
    if (started.current || !proposal.data) return;
    started.current = true;
    void run();
    // Runs once, when the proposal has loaded: the user already chose to continue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [proposal.data]);

  if (proposal.data === null) return <Navigate to={paths.home()} replace />;

  const working =
    step.kind === 'creating'
      ? t('accountSetup.creating')
      : step.kind === 'binding'
        ? t('accountSetup.binding')
        : t('accountSetup.working');

  return (
    <div className="checkout">
      <PageHeader title={t('accountSetup.title')} lead={t('accountSetup.intro')} />
      {step.kind === 'verifying' || step.kind === 'creating' || step.kind === 'binding' ? (
        <Spinner label={working} isBlock />
      ) : null}
      {step.kind === 'failed' ? (
        <div className="checkout__actions">
          <p role="alert">{t('accountSetup.failed')}</p>
          <Button onClick={() => void run()}>{t('accountSetup.retry')}</Button>
        </div>
      ) : null}
      {step.kind === 'verificationFailed' ? (
        <VerificationFailedModal
          failedChecks={step.failedChecks}
          quote={{ productUrlName, proposalCode }}
        />
      ) : null}
      {step.kind === 'outstanding' ? (
        <OutstandingBalanceModal amountPence={step.amountPence} />
      ) : null}
    </div>
  );
}
