import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api-client';
import { brandFormats } from '../../../lib/brand-products';
import { formatPence } from '../../../lib/format';
import { useApiClient } from '../../../lib/use-api-client';
import { BILLING_QUERY_KEY, settleByPhone } from './billing-api';

// The admin settle (phone payment) modal (spec 3 §5, §8, §9): the card provider's token matching
// the brand's pattern, the cardholder's postcode upper-cased, and the policyholder's date of birth
// typed by the staff member (never pre-filled) and equal to the stored one; submit disabled until
// all are valid. A token is good for 10 minutes from when it was entered.

const TOKEN_VALIDITY_MS = 10 * 60 * 1000;

/** When a token was entered and when it is sent (read in event handlers only). */
const readClock = () => Date.now();

type Field = 'token' | 'postalCode' | 'dateOfBirth';

function validate(
  values: Record<Field, string>,
  storedDateOfBirth: string | undefined,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!new RegExp(brandFormats.cardToken.regex).test(values.token.trim())) errors.token = 'token';
  if (!new RegExp(brandFormats.postalCode.regex).test(values.postalCode.trim())) {
    errors.postalCode = 'postalCode';
  }
  if (!values.dateOfBirth) errors.dateOfBirth = 'dateOfBirthRequired';
  else if (values.dateOfBirth !== storedDateOfBirth) errors.dateOfBirth = 'dateOfBirthMismatch';
  return errors;
}

/**
 * The banner for a refused settle (spec 3 §8): on 400 or 402 a timeout or incomplete payment has
 * its own message, else the server's message; anything else the unknown-error message. A card
 * decline code is appended in brackets.
 */
type FailureBody = {
  error?: { message?: unknown; details?: { type?: unknown; declineCode?: unknown } };
} | null;

function readFailureBody(error: unknown): FailureBody {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 402)) return null;
  return (error.failure.kind === 'UNEXPECTED' ? error.failure.data : null) as FailureBody;
}

/** The failure's type (timeout, incomplete) when the server gave one. */
const readFailureType = (error: unknown) => readFailureBody(error)?.error?.details?.type;

function describeSettleFailure(error: unknown, t: TFunction<'billing'>): string {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 402)) {
    return t('settle.banners.unknown');
  }
  const data = readFailureBody(error);
  const type = data?.error?.details?.type;
  const serverMessage = data?.error?.message;
  const message =
    type === 'timeout' || type === 'incomplete'
      ? t(`settle.banners.${type}`)
      : typeof serverMessage === 'string' && serverMessage.trim() !== ''
        ? serverMessage
        : t('settle.banners.unknown');
  const code = data?.error?.details?.declineCode;
  return typeof code === 'string' && code !== ''
    ? t('settle.banners.withCode', { message, code })
    : message;
}

export function SettleModal({
  accountId,
  amountPence,
  itemName,
  storedDateOfBirth,
  onClose,
}: {
  accountId: string;
  amountPence: number;
  itemName: string;
  storedDateOfBirth: string | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation('billing');
  const client = useApiClient();
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    token: '',
    postalCode: '',
    dateOfBirth: '',
  });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [banner, setBanner] = useState<string | null>(null);
  const tokenEnteredAt = useRef<number | null>(null);
  const errors = validate(values, storedDateOfBirth);
  const isValid = Object.keys(errors).length === 0;

  const settle = useMutation({
    meta: { handlesErrors: true },
    mutationFn: () =>
      settleByPhone(client, accountId, {
        token: values.token.trim(),
        postalCode: values.postalCode.trim().toUpperCase(),
        dateOfBirth: values.dateOfBirth,
        country: 'GB',
        itemName,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
    },
    onError: (error) => {
      setBanner(describeSettleFailure(error, t));
      // The server found the token too old (spec 3 §8): a new one must be typed.
      if (readFailureType(error) === 'timeout') change('token', '');
    },
  });

  const change = (field: Field, value: string) => {
    if (field === 'token') tokenEnteredAt.current = value === '' ? null : readClock();
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || settle.isPending) return;
    if (
      tokenEnteredAt.current !== null &&
      readClock() - tokenEnteredAt.current > TOKEN_VALIDITY_MS
    ) {
      setBanner(t('settle.banners.timeout'));
      change('token', '');
      return;
    }
    setBanner(null);
    settle.mutate();
  };

  const field = (name: Field, type: string) => {
    const error = touched.has(name) ? errors[name] : undefined;
    const inputId = `${id}-${name}`;
    return (
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t(`settle.${name}`)}
        </label>
        <input
          id={inputId}
          type={type}
          className="input"
          autoComplete="off"
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) =>
            change(
              name,
              name === 'postalCode' ? event.target.value.toUpperCase() : event.target.value,
            )
          }
        />
        {error ? (
          <p id={`${inputId}-error`} className="field__error">
            {t(`settle.errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Modal isOpen onClose={onClose} title={t('settle.title')}>
      {settle.isSuccess ? (
        <div role="status" className="settle-modal">
          <p>{t('settle.paid')}</p>
          <Button onClick={onClose}>{t('settle.done')}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="settle-modal">
          <p>{t('settle.intro', { amount: formatPence(amountPence) })}</p>
          {banner !== null ? (
            <p role="alert" className="notice notice--critical">
              {banner}
            </p>
          ) : null}
          {field('token', 'text')}
          {field('postalCode', 'text')}
          {field('dateOfBirth', 'date')}
          <div className="settle-modal__actions">
            <Button type="submit" disabled={!isValid || settle.isPending}>
              {t('settle.submit')}
            </Button>
            <Button variant="inverted" onClick={onClose}>
              {t('settle.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
