import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ContentLink } from '../../components/ui/content-link';
import { BENEATH_MODALS_ATTRIBUTE, useIsAnyModalOpen } from '../../components/ui/modal';
import { brand } from '../../lib/brand';
import { useAuth } from '../../lib/auth';
import { useCookieConsent, writeCookieConsent } from '../../lib/cookie-consent';

/** The cookie policy, a content page of every brand (content module, static pages). */
export const cookiePolicyUrl = () => `${brand.contentBaseUrl}/static/cookies.html`;

/** Shown at the bottom to visitors who are neither signed in nor admins, until they choose. */
export function CookieConsentBanner() {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin } = useAuth();
  const consent = useCookieConsent();
  // Beneath an open modal (z-index) and inert while one is open, so keyboard and screen-reader
  // users cannot reach it behind the dialog.
  const isModalOpen = useIsAnyModalOpen();

  if (isAuthenticated || isAdmin || consent !== null) return null;

  const choose = (value: boolean) => writeCookieConsent(value);

  return (
    <section
      className="cookie-banner"
      aria-label={t('cookieConsent.label')}
      inert={isModalOpen}
      {...{ [BENEATH_MODALS_ATTRIBUTE]: '' }}
    >
      <div className="cookie-banner__inner container">
        <h2 className="cookie-banner__title">{t('cookieConsent.title')}</h2>
        <p className="cookie-banner__body">
          {t('cookieConsent.body')}{' '}
          <ContentLink href={cookiePolicyUrl()} title={t('cookieConsent.policyTitle')}>
            {t('cookieConsent.policyLink')}
          </ContentLink>
        </p>
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
