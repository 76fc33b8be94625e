import type { ReactElement, ReactNode } from 'react';

/** A page's heading and, when it has one, the lead paragraph under it. */
export function PageHeader({ title, lead }: { title: ReactNode; lead?: ReactNode }): ReactElement {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
    </div>
  );
}
