import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';

export function SignInPromo() {
  const { t } = useTranslation('home');
  const features = t('signInPromo.features', { returnObjects: true }) as string[];
  return (
    <section className="home-section sign-in-promo" aria-labelledby="home-sign-in-title">
      <h2 id="home-sign-in-title">{t('signInPromo.title')}</h2>
      <p>{t('signInPromo.intro')}</p>
      <ul className="tick-list">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link className="btn btn--secondary" to={paths.signIn(paths.home())}>
        {t('signInPromo.button')}
      </Link>
    </section>
  );
}
