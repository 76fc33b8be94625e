import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The way back to the staff console, at the top of its pages. */
export function BackToConsole(): ReactElement {
  const { t } = useTranslation('admin');
  return (
    <p>
      <Link className="standalone-link" to={paths.admin()}>
        {t('customer.back')}
      </Link>
    </p>
  );
}
