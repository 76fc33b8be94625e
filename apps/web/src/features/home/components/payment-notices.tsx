import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Notification } from '../../../components/ui/notification';
import { useStartAddingPaymentMethod, type PaymentNotice } from '../api/payment-methods';

/** The missing direct-debit and missing-card notices, each with a button to add one. */
export function PaymentNotices({ notices }: { notices: PaymentNotice[] }) {
  const { t } = useTranslation('home');
  const start = useStartAddingPaymentMethod();
  if (notices.length === 0) return null;
  const add = (notice: PaymentNotice) =>
    start.mutate(
      { notice, mandateDescription: t('notices.BACS_DEBIT.description') },
      { onSuccess: (url) => window.location.assign(url) },
    );
  return (
    <div className="home-notices">
      {notices.map((notice) => (
        <Notification
          key={notice.type}
          variant="warning"
          title={t(`notices.${notice.type}.title`)}
          action={
            <Button
              variant="default"
              disabled={start.isPending}
              aria-busy={start.isPending && start.variables?.notice.type === notice.type}
              onClick={() => add(notice)}
            >
              {t(`notices.${notice.type}.action`)}
            </Button>
          }
        >
          <p>{t(`notices.${notice.type}.body`)}</p>
        </Notification>
      ))}
    </div>
  );
}
