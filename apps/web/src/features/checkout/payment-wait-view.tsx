import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatAction } from '../../components/ui/chat-action';
import { Spinner } from '../../components/ui/spinner';

/** After this long, a note that it is slow; after the second, what to do if it never comes. */
const SLOW_AFTER_MS = 20_000;
const STUCK_AFTER_MS = 120_000;

type WaitStage = 'waiting' | 'slow' | 'stuck';

function useWaitStage(): WaitStage {
  const [stage, setStage] = useState<WaitStage>('waiting');
  useEffect(() => {
    const slow = setTimeout(() => setStage('slow'), SLOW_AFTER_MS);
    const stuck = setTimeout(() => setStage('stuck'), STUCK_AFTER_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(stuck);
    };
  }, []);
  return stage;
}

/**
 * A return page waiting for the provider's confirmation (card or bank). The page keeps polling
 * whatever it shows; when the confirmation never comes (a lost webhook, a payment staff must
 * check), the customer is told not to pay again and given someone to talk to, not a spinner
 * for ever.
 */
export function PaymentWaitView({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation('checkout');
  const stage = useWaitStage();
  return (
    <div className="checkout checkout--message">
      <div className="page-header">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </div>
      <Spinner label={title} isBlock />
      {stage === 'slow' ? <p role="status">{t('callback.slow')}</p> : null}
      {stage === 'stuck' ? (
        <>
          <p role="status">{t('callback.stuck')}</p>
          <p>
            <ChatAction />
          </p>
        </>
      ) : null}
    </div>
  );
}
