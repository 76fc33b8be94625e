import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { isForbidden, useStaffPermission, type StaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';

/**
 * A staff page that reads one report: the Unauthorised page when the staff member lacks the
 * page's permission (or the API refused it, 403), else the way back to the console, its title
 * and what it shows, then the report once loaded (or the page's own words while loading and on
 * failure). Those words (title, intro, loading, failed) are in `namespace` (admin unless the page
 * has its own), under its `texts` key or at its root when there is none.
 */
export function StaffReport<Data>(props: {
  className: string;
  permission: StaffPermission;
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
  const allowed = useStaffPermission()(props.permission);
  const { query, texts } = props;
  if (!allowed || isForbidden(query.error)) {
    return <UnauthorisedPage permission={props.permission} />;
  }
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

/**
 * A list the API answers at most `limit` rows of: its own words when there is none, and a note
 * under it when it may have been cut short.
 */
export function CappedList(props: {
  count: number;
  limit: number;
  none: string;
  limitNote: string;
  children: ReactNode;
}): ReactElement {
  if (props.count === 0) return <p role="status">{props.none}</p>;
  return (
    <>
      {props.children}
      {props.count >= props.limit ? <p className="text-muted">{props.limitNote}</p> : null}
    </>
  );
}
