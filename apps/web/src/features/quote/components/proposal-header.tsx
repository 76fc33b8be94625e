import { useTranslation } from 'react-i18next';
import { formatPlate } from '../../../lib/format';
import { LookupNotice } from '../../../components/form/vehicle-input';
import type { Proposal } from '../api/get-proposal';
import { getPolicyholderName, getVehicle, getVehicleName } from '../proposal-rules';

/** The page heading with the profile the quote is for: policyholder and car. */
export function ProposalHeader({ proposal, title }: { proposal: Proposal; title: string }) {
  const { t } = useTranslation('quote');
  const vehicle = getVehicle(proposal);
  const vrn = vehicle?.vrn;
  const car = getVehicleName(proposal);
  return (
    <header className="page-header quote-header">
      <h1>{title}</h1>
      <dl className="quote-profile" aria-label={t('profile.label')}>
        <div>
          <dt>{t('profile.policyholder')}</dt>
          <dd>{getPolicyholderName(proposal) ?? t('profile.unknownName')}</dd>
        </div>
        <div>
          <dt>{t('profile.car')}</dt>
          <dd>
            {car ?? t('profile.unknownCar')}
            {vrn ? <span className="quote-profile__plate">{formatPlate(vrn)}</span> : null}
          </dd>
        </div>
      </dl>
      {vehicle?.lookupNotice ? <LookupNotice text={vehicle.lookupNotice} /> : null}
      <p className="text-muted quote-header__reference">
        {t('profile.reference', { reference: proposal.externalReference })}
      </p>
    </header>
  );
}
