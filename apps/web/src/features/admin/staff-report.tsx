import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * A staff page that reads one report: the way back to the console, its title and what it shows,
 * then the report once loaded (or the page's own words while loading and on failure). Its
 * `texts` key (in the admin namespace) holds title, intro, loading and failed.
 */
export function StaffReport<Data>(props: {
  className: string;
  texts: string;
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}): ReactElement {
  const { t } = useTranslation('admin');
  const { query } = props;
  return (
    <div className={`page-header ${props.className}`}>
      <p>
        <Link className="standalone-link" to={paths.admin()}>
          {t('customer.back')}
        </Link>
      </p>
      <h1>{t(`${props.texts}.title`)}</h1>
      <p className="lead">{t(`${props.texts}.intro`)}</p>
      {query.isPending ? (
        <p role="status">{t(`${props.texts}.loading`)}</p>
      ) : query.isError ? (
        <p role="alert" className="notice notice--critical">
          {t(`${props.texts}.failed`)}
        </p>
      ) : (
        props.children(query.data)
      )}
    </div>
  );
}

export { ScrollingTable } from '../../components/ui/scrolling-table';
