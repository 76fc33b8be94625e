import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionalCoverCode, ProposalChange } from '@motor/domain';
import type { Policy } from '../../lib/policy/get-policy';
import { ChangeForm, UnchangedNotice } from './change-form';
import { ChangePageLayout } from './change-page-layout';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

type Decisions = Partial<Record<OptionalCoverCode, boolean>>;

/** Whether the policy has each optional cover now: what the customer asked for, else its cover. */
function currentDecisions(policy: Policy, codes: readonly OptionalCoverCode[]): Decisions {
  const { requestedOptionalCovers, covers } = policy.currentPolicyVersion.quote;
  return Object.fromEntries(
    codes.map((code) => [
      code,
      requestedOptionalCovers[code] ?? covers.some((cover) => cover.code === code && cover.active),
    ]),
  );
}

/** add-ons: the product's optional covers as toggles; each one changed is a REQUEST_COVER_OPTION. */
export function AddOnsPage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { t: tQuote } = useTranslation('quote');
  const { product, paths } = useChangeContext(policy);
  const { submit, isSubmitting, modals } = useSubmitAdjustment(policy);
  const codes = (product.assetTypes[0]?.optionalCovers ?? []).map((cover) => cover.code);
  const [current] = useState(() => currentDecisions(policy, codes));
  const [decisions, setDecisions] = useState<Decisions>(current);
  const [isUnchanged, setUnchanged] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes: ProposalChange[] = codes
      .filter((code) => decisions[code] !== current[code])
      .map((code) => ({
        changeType: 'REQUEST_COVER_OPTION',
        coverCode: code,
        selected: decisions[code] === true,
      }));
    setUnchanged(!submit({ adjustmentType: 'MTA', changes, reviewPath: paths.addOnsReview }));
  };

  return (
    <ChangePageLayout
      title={t('addOns.title')}
      intro={t('addOns.intro')}
      back={{ to: paths.root, label: t('backToPolicy') }}
    >
      <UnchangedNotice shown={isUnchanged} />
      <ChangeForm onSubmit={onSubmit} isSubmitting={isSubmitting}>
        <fieldset className="checkboxes">
          <legend className="quote-choices__legend">{t('addOns.legend')}</legend>
          {codes.map((code) => (
            <label key={code} className="checkbox">
              <input
                type="checkbox"
                className="checkbox__input"
                checked={decisions[code] === true}
                onChange={(event) =>
                  setDecisions((value) => ({ ...value, [code]: event.target.checked }))
                }
              />
              <span className="checkbox__label">{tQuote(`covers.${code}`)}</span>
            </label>
          ))}
        </fieldset>
      </ChangeForm>
      {modals}
    </ChangePageLayout>
  );
}
