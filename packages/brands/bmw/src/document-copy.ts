import { ukExcessCategoryDisplayNames, type DocumentCopy } from '@motor/brand-kit';

// The words the policy documents use for codes (covers, excess categories, classes of use) and
// who is who: the brand's copy, so that a certificate or schedule never shows a code.

/** Display names of covers, by cover code. */
const coverDisplayNames: Record<string, string> = {
  liability_to_others: 'Liability to others (injury to others and damage to their property)',
  damage_to_car: 'Accidental damage, fire and theft of your car',
  uk_accident_recovery: 'UK accident recovery',
  electric_vehicles: 'Charging cable and battery cover',
  windscreen: 'Windscreen repair and replacement',
  accessories: 'Accessories and in-car equipment',
  child_car_seat: 'Replacement child car seats',
  foreign_travel: 'Driving in the EU',
  personal_accident: 'Personal accident cover',
  medical_expenses: 'Medical expenses',
  uninsured_driver_promise: 'Uninsured driver promise',
  drive_other_cars: 'Driving other cars (third party only)',
  ncb_protection: 'No-claims bonus protection',
  legal_expenses: 'Motor legal expenses',
};

/** The certificate's "limitations as to use", by the class of use the customer disclosed. */
const useLimitations: Record<string, string> = {
  SocialDomesticPleasure:
    'Use for social, domestic and pleasure purposes only. Not for commuting, business use, hire or reward, racing, pace-making or track days.',
  SocialDomesticPleasureCommuting:
    'Use for social, domestic and pleasure purposes and for commuting to a permanent place of work. Not for business use, hire or reward, racing, pace-making or track days.',
  BusinessClass1:
    'Use for social, domestic and pleasure purposes, for commuting and by the policyholder in person in connection with their business (class 1). Not for hire or reward, commercial travelling, racing, pace-making or track days.',
};

/**
 * Who is who, as an insurer's documents must say (FCA handbook: status disclosure). The firms
 * and reference numbers are this sandbox brand's own, not real registrations.
 */
const legalEntities = {
  insurer: {
    name: 'Bavaria Insurance UK Ltd',
    address: '1 Riverside Quay, London SE1 9PP',
    statement:
      'Bavaria Insurance UK Ltd is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Firm Reference Number 900123). Registered in England and Wales, company number 13579246.',
  },
  legalExpensesInsurer: {
    name: 'Albion Legal Protection Ltd',
    address: '20 Market Street, Bristol BS1 3AD',
    statement:
      'Albion Legal Protection Ltd is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Firm Reference Number 900456).',
  },
  intermediary: {
    name: 'BMW Insurance Services Ltd',
    address: 'Summit ONE, Summit Avenue, Farnborough GU14 0FB',
    statement:
      'BMW Insurance is arranged by BMW Insurance Services Ltd, an insurance intermediary authorised and regulated by the Financial Conduct Authority (Firm Reference Number 900789). You can check this on the Financial Services Register at register.fca.org.uk.',
  },
  complaints:
    'If you are unhappy with our service, tell us using Help (chat) or write to BMW Insurance Services Ltd, Summit ONE, Summit Avenue, Farnborough GU14 0FB. We will reply within 8 weeks; if you are still unhappy you may refer your complaint to the Financial Ombudsman Service, Exchange Tower, London E14 9SR, www.financial-ombudsman.org.uk, 0800 023 4567.',
  compensation:
    'The insurers are covered by the Financial Services Compensation Scheme (FSCS). Compulsory motor insurance is protected in full; see www.fscs.org.uk.',
} as const;

export const bmwDocumentCopy: DocumentCopy = {
  coverDisplayNames,
  excessCategoryDisplayNames: ukExcessCategoryDisplayNames,
  useLimitations,
  legalEntities,
};
