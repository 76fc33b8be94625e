import type { FormEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Notification } from '../../components/ui/notification';

/** A change page's form: its fields, then the one submit button, off while the change is sent. */
export function ChangeForm({
  onSubmit,
  isSubmitting,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  isSubmitting: boolean;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <form noValidate onSubmit={onSubmit}>
      {children}
      <Button type="submit" disabled={isSubmitting}>
        {t('form.submit')}
      </Button>
    </form>
  );
}

/** Said when the customer sent a change page without changing anything (nothing is priced). */
export function UnchangedNotice({ shown }: { shown: boolean }): ReactElement | null {
  const { t } = useTranslation('policy-changes');
  if (!shown) return null;
  return (
    <Notification variant="info" isAlert title={t('form.unchangedTitle')}>
      {t('form.unchanged')}
    </Notification>
  );
}
