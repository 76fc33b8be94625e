import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props shared by every form input (GOV.UK pattern: visible label, hint, linked error). */
export type FieldBaseProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  isOptional?: boolean;
};

const getErrorId = (id: string): string => `${id}-error`;
const getHintId = (id: string): string => `${id}-hint`;

/** aria-describedby for a field: hint then error, undefined when neither is shown. */
export function getDescribedBy(
  id: string,
  { hint, error }: { hint?: ReactNode; error?: string },
): string | undefined {
  const ids = [hint ? getHintId(id) : null, error ? getErrorId(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The aria attributes that tie one control to its field's hint and error. */
export function getControlAria(
  id: string,
  field: { hint?: ReactNode; error?: string },
): { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined } {
  return {
    'aria-describedby': getDescribedBy(id, field),
    'aria-invalid': field.error ? true : undefined,
  };
}

/**
 * What ties a text box to its field: its id, its class (`input`, with `base`'s own, red while the
 * field is in error) and the aria for its hint and error.
 */
export function getInputAttributes(
  id: string,
  field: { hint?: ReactNode; error?: string },
  base = 'input',
): { id: string; className: string } & ReturnType<typeof getControlAria> {
  return {
    id,
    className: field.error ? `${base} input--error` : base,
    ...getControlAria(id, field),
  };
}

type LabelTextProps = { label: ReactNode; isOptional?: boolean };

function LabelText({ label, isOptional }: LabelTextProps): ReactElement {
  const { t } = useTranslation('ui');
  return (
    <>
      {label}
      {isOptional ? <span className="field__optional"> {t('field.optional')}</span> : null}
    </>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }): ReactElement | null {
  return hint ? (
    <div id={getHintId(id)} className="field__hint">
      {hint}
    </div>
  ) : null;
}

/** Error message with id `<id>-error` and a visually hidden 'Error:' prefix. */
export function FieldError({ id, error }: { id: string; error?: string }): ReactElement | null {
  const { t } = useTranslation('ui');
  return error ? (
    <p id={getErrorId(id)} className="field__error">
      <span className="visually-hidden">{t('field.errorPrefix')}</span> {error}
    </p>
  ) : null;
}

export type FieldProps = FieldBaseProps & { children: ReactNode; className?: string };

const fieldClasses = (error?: string, className?: string, modifier?: string): string =>
  ['field', modifier, error ? 'field--error' : null, className].filter(Boolean).join(' ');

/** Single-control field: label for `id`, hint, error, then the control. */
export function Field({ children, className, ...field }: FieldProps): ReactElement {
  const { id, label, hint, error, isOptional } = field;
  return (
    <div className={fieldClasses(error, className)}>
      <label htmlFor={id} className="field__label">
        <LabelText label={label} isOptional={isOptional} />
      </label>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

/** Multi-control field (date parts, pickers): a fieldset whose legend is the label. */
export function FieldGroup({ children, className, ...field }: FieldProps): ReactElement {
  const { id, label, hint, error, isOptional } = field;
  return (
    <div className={fieldClasses(error, className, 'field--group')}>
      <fieldset id={id} className="field__fieldset" aria-describedby={getDescribedBy(id, field)}>
        <legend className="field__label field__legend">
          <LabelText label={label} isOptional={isOptional} />
        </legend>
        <FieldHint id={id} hint={hint} />
        <FieldError id={id} error={error} />
        <div className="field__parts">{children}</div>
      </fieldset>
    </div>
  );
}
