import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStaffReport, type StaffReportData, type StaffReportName } from './api/reports';
import { isForbidden, useStaffPermission, type StaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';
import { BackToConsole } from './back-to-console';
import { TitledCard } from '../../components/ui/titled-card';
import { FailureNotice } from '../../components/ui/failure-notice';

type PageProps<Data> = {
  className: string;
  namespace?: string;
  texts?: string;
  /** The title's id, for a page whose tables are named by it. */
  titleId?: string;
  /** The page's own action, under the intro whatever the report's state. */
  action?: ReactNode;
  children: (data: Data) => ReactNode;
};

/** The page's words: in its namespace, under its `texts` key or at the namespace's root. */
function usePageText(page: { namespace?: string; texts?: string }) {
  const { t } = useTranslation(page.namespace ?? 'admin');
  return (name: string, values?: Record<string, unknown>) =>
    t(page.texts ? `${page.texts}.${name}` : name, values);
}

/**
 * A staff page that reads one report: the Unauthorised page when the staff member lacks the
 * page's permission (or the API refused it, 403), else the way back to the console, its title
 * and what it shows, then the report once loaded (or the page's own words while loading and on
 * failure). Those words (title, intro, loading, failed) are in `namespace` (admin unless the page
 * has its own), under its `texts` key or at its root when there is none.
 */
export function StaffReport<Data>(
  props: PageProps<Data> & { permission: StaffPermission; query: UseQueryResult<Data> },
): ReactElement {
  const text = usePageText(props);
  const allowed = useStaffPermission()(props.permission);
  const { query } = props;
  if (!allowed || isForbidden(query.error)) {
    return <UnauthorisedPage permission={props.permission} />;
  }
  return (
    <div className={`page-header ${props.className}`}>
      <BackToConsole />
      <h1 id={props.titleId}>{text('title')}</h1>
      <p className="lead">{text('intro')}</p>
      {props.action}
      <QueryState query={query} loading={text('loading')} failed={text('failed')}>
        {props.children}
      </QueryState>
    </div>
  );
}

/** What a staff page read, once read: its own words while loading and when it failed. */
export function QueryState<Data>(props: {
  query: UseQueryResult<Data>;
  loading: string;
  failed: string;
  children: (data: Data) => ReactNode;
}): ReactElement {
  const { query } = props;
  if (query.isPending) return <p role="status">{props.loading}</p>;
  if (query.isError) {
    return <FailureNotice>{props.failed}</FailureNotice>;
  }
  return <>{props.children(query.data)}</>;
}

/**
 * The StaffReport of one of the reports read whole by name, with the permission it asks; the
 * page's class is `staff-{name}`. A report
 * that is one list says so (`list`): its `none` words when it is empty and, when the API answers
 * at most `limit` rows, its `limitNote` under it when it may have been cut short.
 */
export function NamedStaffReport<Name extends StaffReportName>(
  props: Omit<PageProps<StaffReportData<Name>>, 'className'> & {
    name: Name;
    list?: { rows: (data: StaffReportData<Name>) => readonly unknown[]; limit?: number };
  },
): ReactElement {
  const { name, list, children, ...page } = props;
  const text = usePageText(page);
  const { query, permission } = useStaffReport(name);
  const limit = list?.limit;
  return (
    <StaffReport {...page} className={`staff-${name}`} permission={permission} query={query}>
      {(data) =>
        list ? (
          <ListOrNone
            count={list.rows(data).length}
            none={text('none')}
            cap={limit ? { limit, note: text('limitNote', { limit }) } : undefined}
          >
            {children(data)}
          </ListOrNone>
        ) : (
          children(data)
        )
      }
    </StaffReport>
  );
}

/**
 * A report's list: its own words when there is none, and, for a list the API answers at most
 * `cap.limit` rows of, a note under it when it may have been cut short.
 */
export function ListOrNone(props: {
  count: number;
  none: string;
  cap?: { limit: number; note: string };
  children: ReactNode;
}): ReactElement {
  if (props.count === 0) return <p role="status">{props.none}</p>;
  return (
    <>
      {props.children}
      {props.cap && props.count >= props.cap.limit ? (
        <p className="text-muted">{props.cap.note}</p>
      ) : null}
    </>
  );
}

/**
 * A card of a staff page, named by its heading; one that lists things (`none` given) says its
 * `none` words instead when `count` is 0.
 */
export function StaffCard(props: {
  titleId: string;
  title: string;
  count?: number;
  none?: string;
  children: ReactNode;
}): ReactElement {
  return (
    <TitledCard titleId={props.titleId} title={props.title}>
      {props.none !== undefined && props.count === 0 ? <p>{props.none}</p> : props.children}
    </TitledCard>
  );
}
