import { useTranslation } from 'react-i18next';
import type { CheckoutOption } from '../rules';

/** Spec 2 §4: a radio picker, only when more than one method is offered. */
export function MethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: readonly CheckoutOption[];
  value: CheckoutOption;
  onChange: (method: CheckoutOption) => void;
}) {
  const { t } = useTranslation('checkout');
  if (methods.length < 2) {
    return (
      <div className="checkout-method">
        <p className="checkout-method__name">{t(`page.methods.${value}`)}</p>
        <p className="text-muted">{t(`page.methodHints.${value}`)}</p>
      </div>
    );
  }
  return (
    <fieldset className="checkout-methods">
      <legend className="checkout-methods__legend">{t('page.methodLegend')}</legend>
      {methods.map((method) => (
        <div key={method} className="checkout-methods__option">
          <input
            id={`checkout-method-${method}`}
            type="radio"
            name="checkout-method"
            value={method}
            checked={method === value}
            onChange={() => onChange(method)}
            aria-describedby={`checkout-method-${method}-hint`}
          />
          <label htmlFor={`checkout-method-${method}`}>
            <span className="checkout-method__name">{t(`page.methods.${method}`)}</span>
          </label>
          <span id={`checkout-method-${method}-hint`} className="checkout-methods__hint text-muted">
            {t(`page.methodHints.${method}`)}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
