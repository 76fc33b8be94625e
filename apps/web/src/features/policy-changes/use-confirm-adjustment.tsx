import { useState } from 'react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@motor/domain';
import { Modal } from '../../components/ui/modal';
import { useAuth } from '../../lib/auth';
import type { Policy } from '../../lib/policy/get-policy';
import type { CancellationDoneState } from '../../lib/policy/cancellation-done';
import { getParties } from '../../lib/policy/policy-facts';
import { useConfirmAdjustment } from './api/adjustment-api';
import type { PolicyAdjustment } from './api/adjustment-api';
import { ErrorGoneModal, StaleConfirmationModal } from './change-modals';
import { resultPathOf } from './change-paths';
import { isConflict } from './policy-change-rules';
import {
  PhonePaymentForm,
  type PhonePaymentCard,
} from '../../components/payment/phone-payment-form';
import { useChangeContext } from './use-change-context';

/** Sends the browser to the card provider's page (a full page change, not a route). */
const goToCardProvider = (url: string) => window.location.assign(url);

/**
 * Confirming a reviewed adjustment (spec 3 §4 item 9): when a card payment is needed first
 * (amountDue > 0 on SINGLE_PAYMENT), a customer goes to the hosted checkout, which returns to the
 * result page (or back to the review if cancelled), and a staff member takes it by phone;
 * otherwise it is committed, the policy is read again and the result page follows (a referred
 * change, confirmed with the cancellation agreement, cancelled the policy: the cancellation
 * confirmation follows instead). A stale
 * adjustment (409) says "Unable to confirm your changes"; any other failure the error-gone modal.
 */
export function useConfirmFlow(options: {
  policy: Policy;
  adjustment: PolicyAdjustment;
  reviewPath: string;
  parentPath: string;
}): {
  /** A referred change is confirmed with `cancellationAgreed` (it cancels the policy). */
  confirm: (options?: { cancellationAgreed?: boolean }) => void;
  isConfirming: boolean;
  modals: ReactElement;
} {
  const { policy, adjustment, reviewPath, parentPath } = options;
  const { t } = useTranslation('policy-changes');
  const { isAdmin } = useAuth();
  const { paths } = useChangeContext(policy);
  const navigate = useNavigate();
  const { commit, payByPhone, startCardCheckout, refreshPolicy } = useConfirmAdjustment(
    policy.policyId,
    adjustment.adjustmentId,
  );
  const [failure, setFailure] = useState<'stale' | 'gone' | null>(null);
  const [isPhoneOpen, setPhoneOpen] = useState(false);
  const resultPath = resultPathOf(reviewPath);

  const fail = (error: unknown) => setFailure(isConflict(error) ? 'stale' : 'gone');

  const confirm = (options: { cancellationAgreed?: boolean } = {}) => {
    if (adjustment.paymentRequired && isAdmin) {
      setPhoneOpen(true);
      return;
    }
    if (adjustment.paymentRequired) {
      startCardCheckout.mutate(
        { saveCard: false, successPath: resultPath, cancelPath: reviewPath },
        { onSuccess: (session) => goToCardProvider(session.url), onError: fail },
      );
      return;
    }
    commit.mutate(options, {
      onSuccess: (confirmed) => {
        // A referred change confirmed with the agreement cancelled the policy instead.
        if (confirmed.adjustmentType === 'CAN') {
          const done: CancellationDoneState = { effectiveAt: null, amountDue: confirmed.amountDue };
          void navigate(`${paths.root}/cancellation-confirmation`, { state: done, replace: true });
        } else {
          void navigate(resultPath);
        }
      },
      onError: fail,
    });
  };

  // A refusal is the form's banner, but a stale adjustment (409) must be redone.
  const sendPhonePayment = (card: PhonePaymentCard) =>
    payByPhone.mutateAsync({ saveCard: false, ...card }).then(
      () => void navigate(resultPath),
      (error: unknown) => {
        if (!isConflict(error)) throw error;
        setPhoneOpen(false);
        setFailure('stale');
      },
    );

  const storedDateOfBirth = getParties(policy).policyholder?.data.dateOfBirth;
  const modals = (
    <>
      <Modal
        isOpen={isPhoneOpen}
        onClose={() => setPhoneOpen(false)}
        title={t('phonePayment.title')}
      >
        <PhonePaymentForm
          intro={t('phonePayment.intro', { amount: formatMoney(adjustment.amountDue) })}
          submitLabel={t('phonePayment.submit')}
          storedDateOfBirth={typeof storedDateOfBirth === 'string' ? storedDateOfBirth : undefined}
          isSending={payByPhone.isPending}
          onSend={sendPhonePayment}
        />
      </Modal>
      <ErrorGoneModal isOpen={failure === 'gone'} onClose={() => setFailure(null)} />
      <StaleConfirmationModal
        isOpen={failure === 'stale'}
        onClose={() => setFailure(null)}
        // Confirmed meanwhile elsewhere, perhaps: start again from the policy as it is now.
        onStartAgain={() => void refreshPolicy().then(() => navigate(parentPath))}
      />
    </>
  );
  return {
    confirm,
    isConfirming: commit.isPending || startCardCheckout.isPending || payByPhone.isPending,
    modals,
  };
}
