import { useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatMoney, laterFirstDiscountedMonth, ordinalOf } from '@motor/domain';
import { TextInput } from '../../../components/form/text-input';
import { Button } from '../../../components/ui/button';
import { Notification } from '../../../components/ui/notification';
import type { Proposal } from '../api/get-proposal';
import { findRefusalMessage, useActivatePromotion } from '../api/proposal-actions';
import { QuoteSection } from '../../../components/ui/quote-section';

/**
 * What the quote says of the promotion it took: a loyalty discount names its amount and the month
 * it starts ("£40.00 off each month from your 7th month"), as the invoices bill it; a promotion
 * of every month is in the price shown.
 */
function describeAppliedPromotion(proposal: Proposal, t: TFunction<'quote'>): string {
  const from = laterFirstDiscountedMonth(proposal.quote);
  const discount = proposal.quote.promotionMonthlyDiscountPence;
  return from !== null && discount
    ? t('config.promotion.appliedFromMonth', {
        amount: formatMoney(discount),
        month: ordinalOf(from),
      })
    : t('config.promotion.applied');
}

/**
 * A promotion code on the quote (spec 2 §7 PATCH /proposals/{code}/promotions/{id}): the customer
 * types the code, the server checks it and re-prices the quote; nothing shows when the quote has
 * no promotion a code can activate.
 */
export function PromotionCode({ proposal }: { proposal: Proposal }): ReactElement | null {
  const { t } = useTranslation('quote');
  const activate = useActivatePromotion(proposal.proposalCode);
  const [code, setCode] = useState('');
  const promotionIds = (proposal.promotions ?? []).map((promotion) => promotion.promotionId);
  if (proposal.promoCode) {
    return (
      <Notification variant="success" title={t('config.promotion.appliedTitle')}>
        <p>{describeAppliedPromotion(proposal, t)}</p>
      </Notification>
    );
  }
  if (promotionIds.length === 0) return null;
  const refusal = activate.isError
    ? (findRefusalMessage(activate.error) ?? t('config.promotion.failed'))
    : undefined;
  return (
    <QuoteSection titleId="quote-promotion-title" title={t('config.promotion.title')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) activate.mutate({ promotionIds, code: code.trim() });
        }}
      >
        <TextInput
          id="quote-promotion-code"
          label={t('config.promotion.label')}
          isOptional
          value={code}
          error={refusal}
          normalise={(next) => next.toUpperCase()}
          onChange={(next) => {
            setCode(next);
            activate.reset();
          }}
        />
        <Button type="submit" layout="small" disabled={!code.trim() || activate.isPending}>
          {t('config.promotion.apply')}
        </Button>
      </form>
    </QuoteSection>
  );
}
