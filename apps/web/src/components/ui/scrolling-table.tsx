import type { ReactElement, ReactNode } from 'react';

/**
 * A report's table: it scrolls sideways inside its box on a phone, as a focusable region named by
 * the caption, so the keyboard scrolls it too (axe's scrollable-region-focusable, which jsx-a11y
 * does not know of).
 */
function ScrollingTable(props: {
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

/**
 * A report's table as most are drawn: a row of column headings (each `scope="col"`), then the
 * rows given, then an optional footer row.
 */
export function ReportTable(props: {
  caption: string;
  className?: string;
  isCaptionVisible?: boolean;
  /** The column headings, in order. */
  columns: readonly string[];
  children: ReactNode;
  /** A `<tfoot>`: the table's totals. */
  foot?: ReactNode;
}): ReactElement {
  return (
    <ScrollingTable
      caption={props.caption}
      className={props.className}
      isCaptionVisible={props.isCaptionVisible}
    >
      <thead>
        <tr>
          {props.columns.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
      {props.foot}
    </ScrollingTable>
  );
}
