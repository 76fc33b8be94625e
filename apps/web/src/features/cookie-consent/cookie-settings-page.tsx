import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ContentLink } from '../../components/ui/content-link';
import { useCookieConsent, writeCookieConsent } from '../../lib/cookie-consent';
import { cookiePolicyUrl } from './cookie-consent-banner';
import { PageHeader } from '../../components/ui/page-header';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * /cookie-settings (issue 32 item 1): what analytics records, the visitor's choice, and a way to
 * change it at any time, signed in or not. Withdrawing consent stops the next event.
 */
export function CookieSettingsPage() {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const [saved, setSaved] = useState(false);
  const choose = (value: boolean) => {
    writeCookieConsent(value);
    setSaved(true);
  };
  const state = consent === true ? 'accepted' : consent === false ? 'rejected' : 'unset';
  return (
    <div className="cookie-settings">
      <PageHeader title={t('cookieSettings.title')} lead={t('cookieSettings.lead')} />
      <TitledCard titleId="cookie-settings-analytics" title={t('cookieSettings.analyticsTitle')}>
        <p>{t('cookieSettings.analyticsBody')}</p>
        <p>{t('cookieSettings.notCollected')}</p>
        <p>
          <strong>{t(`cookieSettings.state.${state}`)}</strong>
        </p>
        <div className="cookie-banner__actions">
          <Button onClick={() => choose(true)} aria-pressed={consent === true}>
            {t('cookieSettings.accept')}
          </Button>
          <Button variant="inverted" onClick={() => choose(false)} aria-pressed={consent === false}>
            {t('cookieSettings.reject')}
          </Button>
        </div>
        <p role="status">{saved ? t('cookieSettings.saved') : ''}</p>
        <p>
          <ContentLink href={cookiePolicyUrl()} title={t('cookieConsent.policyTitle')}>
            {t('cookieConsent.policyLink')}
          </ContentLink>
        </p>
      </TitledCard>
    </div>
  );
}
