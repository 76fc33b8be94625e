import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodType } from '@motor/domain';
import { TextInput } from '../../../components/form/text-input';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { brandFormats } from '../../../lib/brand-products';
import { formatPence } from '../../../lib/format';
import { useApiClient } from '../../../lib/use-api-client';
import { takePhonePayment, tokenizeCard } from '../api/payments';
import { findApiMessage } from '../use-checkout-errors';

type Form = { cardNumber: string; expiry: string; cvc: string; dateOfBirth: string };
type Errors = Partial<Record<keyof Form, string>>;

const CARD_NUMBER = /^\d{12,19}$/;
const EXPIRY = /^(0[1-9]|1[0-2])\/\d{2}$/;
const CVC = /^\d{3,4}$/;
const DATE_OF_BIRTH = /^\d{4}-\d{2}-\d{2}$/;

function validate(form: Form): Errors {
  const errors: Errors = {};
  if (!CARD_NUMBER.test(form.cardNumber.replace(/\s/g, ''))) errors.cardNumber = 'cardNumber';
  if (!EXPIRY.test(form.expiry.trim())) errors.expiry = 'expiry';
  if (!CVC.test(form.cvc.trim())) errors.cvc = 'cvc';
  if (!DATE_OF_BIRTH.test(form.dateOfBirth.trim())) errors.dateOfBirth = 'dateOfBirth';
  return errors;
}

function reasonOf(error: unknown): string {
  return findApiMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Spec 2 §4, §6: an admin takes a card payment over the phone (MOTO). The card goes to the card
 * provider's tokenise endpoint; our API only ever receives the `tok_...` token.
 */
export function MotoModal({
  proposalCode,
  amountPence,
  saveCard,
  paymentMethodType,
  defaultDateOfBirth,
  onClose,
  onPaid,
}: {
  proposalCode: string;
  amountPence: number;
  saveCard: boolean;
  paymentMethodType: PaymentMethodType;
  defaultDateOfBirth: string;
  onClose: () => void;
  onPaid: () => void;
}) {
  const { t } = useTranslation('checkout');
  const client = useApiClient();
  const [form, setForm] = useState<Form>({
    cardNumber: '',
    expiry: '',
    cvc: '',
    dateOfBirth: defaultDateOfBirth,
  });
  const [shouldSaveCard, setShouldSaveCard] = useState(saveCard);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<
    { kind: 'form' } | { kind: 'working' } | { kind: 'paid' } | { kind: 'failed'; reason: string }
  >({ kind: 'form' });

  const set = (name: keyof Form) => (value: string) => setForm({ ...form, [name]: value });
  const errorOf = (name: keyof Form) => (errors[name] ? t(`moto.errors.${name}`) : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState({ kind: 'working' });
    try {
      const token = await tokenizeCard({
        number: form.cardNumber,
        expiry: form.expiry.trim(),
        cvc: form.cvc.trim(),
      });
      if (!new RegExp(brandFormats.cardToken.regex).test(token)) {
        throw new Error(`Unexpected card token ${token.slice(0, 8)}`);
      }
      await takePhonePayment(client, proposalCode, {
        saveCard: shouldSaveCard,
        token,
        dateOfBirth: form.dateOfBirth.trim(),
        paymentMethodType,
      });
      setState({ kind: 'paid' });
    } catch (error) {
      setState({ kind: 'failed', reason: reasonOf(error) });
    }
  };

  const amount = formatPence(amountPence);
  return (
    <Modal isOpen onClose={state.kind === 'paid' ? onPaid : onClose} title={t('moto.title')}>
      {state.kind === 'paid' ? (
        <div className="checkout-modal" role="status">
          <p>{t('moto.success')}</p>
          <Button onClick={onPaid}>{t('moto.continue')}</Button>
        </div>
      ) : (
        <form className="checkout-modal moto-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <p>{t('moto.intro')}</p>
          {state.kind === 'failed' ? (
            <p role="alert" className="notice notice--critical">
              {t('moto.failed', { reason: state.reason })}
            </p>
          ) : null}
          <TextInput
            id="moto-card-number"
            label={t('moto.cardNumber')}
            value={form.cardNumber}
            onChange={set('cardNumber')}
            error={errorOf('cardNumber')}
            inputMode="numeric"
            autoComplete="off"
          />
          <div className="moto-form__row">
            <TextInput
              id="moto-expiry"
              label={t('moto.expiry')}
              value={form.expiry}
              onChange={set('expiry')}
              error={errorOf('expiry')}
              autoComplete="off"
            />
            <TextInput
              id="moto-cvc"
              label={t('moto.cvc')}
              value={form.cvc}
              onChange={set('cvc')}
              error={errorOf('cvc')}
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
          <TextInput
            id="moto-date-of-birth"
            label={t('moto.dateOfBirth')}
            value={form.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errorOf('dateOfBirth')}
            autoComplete="off"
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={shouldSaveCard}
              onChange={(event) => setShouldSaveCard(event.target.checked)}
            />{' '}
            {t('moto.saveCard')}
          </label>
          {state.kind === 'working' ? <Spinner label={t('moto.working')} size="small" /> : null}
          <Button type="submit" disabled={state.kind === 'working'}>
            {t('moto.submit', { amount })}
          </Button>
        </form>
      )}
    </Modal>
  );
}
