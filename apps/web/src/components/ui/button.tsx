import type { ButtonHTMLAttributes, ReactElement } from 'react';
import type { ButtonLayout, ButtonVariant } from './variants';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  layout?: ButtonLayout;
  variant?: ButtonVariant;
};

/** Button with spec layouts (default, fixed 85% max 262px, small) and variants. Defaults to type="button". */
export function Button({
  layout = 'default',
  variant = 'default',
  type = 'button',
  className,
  ...rest
}: ButtonProps): ReactElement {
  const classes = ['button', `button--layout-${layout}`, `button--${variant}`, className]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}
