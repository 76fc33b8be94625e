import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { countsAsUpsell, getDisplayedPolicyEndDate, getPolicyCardKind } from '@motor/domain';
import type { PolicyCardKind } from '@motor/domain';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/format';
import { findSchemeByCode } from '../../../lib/schemes';
import type { PolicySummary } from '../api/get-policies';
import { CardSection } from './card-section';

/**
 * The words a card speaks by its kind (spec 3 §4): a voided or not-taken-up policy is shown as
 * cancelled (its card is the 'ended' one, dated by inception), a lapsed one as ended.
 */
const CARD_WORDING = {
  active: 'active',
  pending: 'pending',
  lapsed: 'ended',
  cancelled: 'cancelled',
  ended: 'cancelled',
} as const satisfies Record<PolicyCardKind, string>;

function cardDate(kind: PolicyCardKind, policy: PolicySummary): string | null {
  if (kind === 'pending') return policy.policyDetail.inceptedAt ?? null;
  return getDisplayedPolicyEndDate(policy.policyDetail);
}

function PolicyCard({ policy }: { policy: PolicySummary }) {
  const { t } = useTranslation('home');
  const scheme = findSchemeByCode(policy.schemeCode);
  const kind = getPolicyCardKind(policy.policyDetail.policyStatus);
  // RENEWED has no card (its renewal is the live term); unknown schemes cannot be opened.
  if (!scheme || !kind) return null;
  const date = cardDate(kind, policy);
  const wording = CARD_WORDING[kind];
  // An upsell counts only while it is a QUOTE or QUOTE_EXPIRED (spec 1 §4).
  const upsell = countsAsUpsell(policy.upsellProposal) ? policy.upsellProposal : null;
  const upsellScheme = upsell ? findSchemeByCode(upsell.schemeCode ?? undefined) : null;
  return (
    <li className={`card home-card home-card--${kind}`}>
      <p className={`home-card__status home-card__status--${kind}`}>
        {t(`policies.status.${wording}`)}
      </p>
      <h3 className="card__title">{scheme.name}</h3>
      {policy.registration ? (
        <p className="home-card__registration">
          {t('policies.registration', { registration: policy.registration })}
        </p>
      ) : null}
      <p className="text-muted">{t('policies.number', { number: policy.policyNumber })}</p>
      {date ? (
        <p className="text-muted">{t(`policies.dates.${wording}`, { date: formatDate(date) })}</p>
      ) : null}
      <Link
        className={
          kind === 'active' || kind === 'pending' ? 'btn btn--primary' : 'btn btn--secondary'
        }
        to={paths.policy(scheme.urlName, policy.policyId)}
      >
        {t('policies.view')}
        <span className="visually-hidden"> {policy.policyNumber}</span>
      </Link>
      {upsell && upsellScheme ? (
        <Link
          className="home-card__upsell"
          to={
            // A live offer opens its upgrade page; an expired one its quote, to be re-dated.
            upsell.status === 'QUOTE'
              ? paths.proposalUpgrade(upsellScheme.urlName, upsell.proposalCode)
              : paths.proposal(upsellScheme.urlName, upsell.proposalCode)
          }
        >
          {t('policies.upsell', { name: upsellScheme.name })}
        </Link>
      ) : null}
    </li>
  );
}

/** Policy cards per status (spec 1 §4), in the order given (status order, latest inception). */
export function PolicyCards({
  policies,
  isInTab = false,
}: {
  policies: PolicySummary[];
  /** In a tab (CardSection says what changes). */
  isInTab?: boolean;
}) {
  const { t } = useTranslation('home');
  return (
    <CardSection titleId="home-policies-title" title={t('policies.title')} isInTab={isInTab}>
      {policies.map((policy) => (
        <PolicyCard key={policy.policyId} policy={policy} />
      ))}
    </CardSection>
  );
}
