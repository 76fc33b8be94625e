import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * A staff page that reads one report: the way back to the console, its title and what it shows,
 * then the report once loaded (or the page's own words while loading and on failure). Those words
 * (title, intro, loading, failed) are in `namespace` (admin unless the page has its own), under
 * its `texts` key or at its root when there is none.
 */
export function StaffReport<Data>(props: {
  className: string;
  namespace?: string;
  texts?: string;
  /** The title's id, for a page whose tables are named by it. */
  titleId?: string;
  /** The page's own action, under the intro whatever the report's state. */
  action?: ReactNode;
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}): ReactElement {
  const { t: admin } = useTranslation('admin');
  const { t } = useTranslation(props.namespace ?? 'admin');
  const { query, texts } = props;
  const text = (name: string) => t(texts ? `${texts}.${name}` : name);
  return (
    <div className={`page-header ${props.className}`}>
      <p>
        <Link className="standalone-link" to={paths.admin()}>
          {admin('customer.back')}
        </Link>
      </p>
      <h1 id={props.titleId}>{text('title')}</h1>
      <p className="lead">{text('intro')}</p>
      {props.action}
      {query.isPending ? (
        <p role="status">{text('loading')}</p>
      ) : query.isError ? (
        <p role="alert" className="notice notice--critical">
          {text('failed')}
        </p>
      ) : (
        props.children(query.data)
      )}
    </div>
  );
}

export { ScrollingTable } from '../../components/ui/scrolling-table';
