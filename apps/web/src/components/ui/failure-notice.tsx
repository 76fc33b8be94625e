import type { ReactElement, ReactNode } from 'react';

/** What failed, said at once (an alert) in the critical notice: a read, a save, a refusal. */
export function FailureNotice({ children }: { children: ReactNode }): ReactElement {
  return (
    <p role="alert" className="notice notice--critical">
      {children}
    </p>
  );
}
