import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import type { StatusVariant } from './variants';

export type NotificationProps = {
  variant?: StatusVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Announce immediately (role="alert"); use for messages that appear after a user action. */
  isAlert?: boolean;
  action?: ReactNode;
};

/** Inline notice; a titled notice is a labelled region, an alert is announced. */
export function Notification({
  variant = 'default',
  title,
  children,
  isAlert = false,
  action,
}: NotificationProps): ReactElement {
  const titleId = useId();
  const role = isAlert ? 'alert' : title ? 'region' : undefined;
  return (
    <div
      className={`notification notification--${variant}`}
      role={role}
      aria-labelledby={!isAlert && title ? titleId : undefined}
    >
      {title ? (
        <p id={titleId} className="notification__title">
          {title}
        </p>
      ) : null}
      {children ? <div className="notification__body">{children}</div> : null}
      {action ? <div className="notification__action">{action}</div> : null}
    </div>
  );
}
