import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ChatAction } from '../../../components/ui/chat-action';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../lib/paths';
import type { QuoteAddress } from '../checkout-paths';
import { CHECKS_WITH_MESSAGES, type FailedCheck } from '../rules';

function useCheckMessage() {
  const { t } = useTranslation('checkout');
  return (check: FailedCheck): string => {
    if ((CHECKS_WITH_MESSAGES as readonly string[]).includes(check.name)) {
      return t(`verification.checks.${check.name}`);
    }
    return check.message ?? t('verification.unnamed');
  };
}

/**
 * Spec 2 §4, §8: lists the checks that failed. A single failed check is explained by its own
 * message; several get the default message and the list. Closing it goes back to the quote.
 */
export function VerificationFailedModal({
  failedChecks,
  quote,
}: {
  failedChecks: FailedCheck[];
  quote: QuoteAddress;
}) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const onClose = () => void navigate(paths.proposal(quote.productUrlName, quote.proposalCode));
  const messageOf = useCheckMessage();
  const [only] = failedChecks;
  return (
    <Modal isOpen onClose={onClose} title={t('verification.title')}>
      <div className="checkout-modal">
        {failedChecks.length === 1 && only ? (
          <p>{messageOf(only)}</p>
        ) : (
          <>
            <p>{t('verification.default')}</p>
            <p>{t('verification.listIntro')}</p>
            <ul className="checkout-modal__list">
              {failedChecks.map((check) => (
                <li key={check.name}>{messageOf(check)}</li>
              ))}
            </ul>
          </>
        )}
        <p>{t('verification.chat')}</p>
        <p>
          <ChatAction onOpen={onClose} />
        </p>
        <Button onClick={onClose}>{t('verification.close')}</Button>
      </div>
    </Modal>
  );
}
