import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatAction } from '../../../components/ui/chat-action';
import { paths } from '../../../lib/paths';
import type { Proposal } from '../api/get-proposal';
import { ProposalHeader } from '../components/proposal-header';
import { useQuoteContext } from '../use-quote-context';
import { useTrackOnce } from '../../../lib/analytics';
import { QuoteSection } from '../../../components/ui/quote-section';

/** A referred proposal (spec 2 §4): not eligible online, with the reasons and their messages. */
export function ReferralPage({ proposal }: { proposal: Proposal }) {
  useTrackOnce({ name: 'quote_referred', proposalCode: proposal.proposalCode });
  const { t } = useTranslation('quote');
  const { pathTo } = useQuoteContext(proposal);
  const reasons = proposal.quote.referralReasons;
  return (
    <div className="quote-page quote-page--narrow">
      <ProposalHeader proposal={proposal} title={t('referral.title')} />
      <p className="lead">{t('referral.intro')}</p>
      {reasons.length > 0 ? (
        <QuoteSection titleId="referral-reasons-title" title={t('referral.reasons')}>
          <ul className="quote-reasons">
            {reasons.map((reason) => (
              <li key={reason.code ?? reason.message}>{reason.message}</li>
            ))}
          </ul>
        </QuoteSection>
      ) : null}
      <p>{t('referral.chat')}</p>
      <p>
        <ChatAction />
      </p>
      <p className="link-row">
        <Link className="btn btn--primary" to={pathTo('disclosure/about-you')}>
          {t('referral.check')}
        </Link>
        <Link className="btn btn--secondary" to={paths.home()}>
          {t('referral.home')}
        </Link>
      </p>
    </div>
  );
}
