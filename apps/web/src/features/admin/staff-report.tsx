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

/**
 * A report's table: it scrolls sideways inside its box on a phone, as a focusable region named by
 * the caption, so the keyboard scrolls it too (axe's scrollable-region-focusable, which jsx-a11y
 * does not know of).
 */
export function ScrollingTable(props: {
  caption: string;
  className?: string;
  /** Shown above the table; by default only assistive technology reads it. */
  isCaptionVisible?: boolean;
  children: ReactNode;
}): ReactElement {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-label={props.caption} tabIndex={0}>
      <table className={props.className}>
        <caption className={props.isCaptionVisible ? undefined : 'visually-hidden'}>
          {props.caption}
        </caption>
        {props.children}
      </table>
    </div>
  );
}
