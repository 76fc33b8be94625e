import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { readCookieConsent, writeCookieConsent } from './cookie-consent';
import type { CookieConsent } from './cookie-consent';

/** Shown at the bottom to visitors who are neither signed in nor admins, until they choose. */
export function CookieConsentBanner() {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin } = useAuth();
  const [consent, setConsent] = useState<CookieConsent>(() => readCookieConsent());

  if (isAuthenticated || isAdmin || consent !== null) return null;

  const choose = (value: boolean) => {
    writeCookieConsent(value);
    setConsent(value);
  };

  return (
    <section className="cookie-banner" aria-label={t('cookieConsent.label')}>
      <div className="cookie-banner__inner container">
        <h2 className="cookie-banner__title">{t('cookieConsent.title')}</h2>
        <p className="cookie-banner__body">{t('cookieConsent.body')}</p>
        <div className="cookie-banner__actions">
          <Button onClick={() => choose(true)}>{t('cookieConsent.accept')}</Button>
          <Button variant="inverted" onClick={() => choose(false)}>
            {t('cookieConsent.dismiss')}
          </Button>
        </div>
      </div>
    </section>
  );
}
