import { ukExcessCategoryDisplayNames, type DocumentCopy } from '@motor/brand-kit';

// The words Lumen's documents use and who is who. The firms and reference numbers are invented.

export const lumenDocumentCopy: DocumentCopy = {
  coverDisplayNames: {
    liability_to_others: 'Injury to other people and damage to their property',
    damage_to_car: 'Damage to your car, fire and theft',
    uk_accident_recovery: 'Recovery after an accident in the UK',
    electric_vehicles: 'Charging cables and battery',
    windscreen: 'Windscreen and windows',
    accessories: 'Accessories and in-car equipment',
    child_car_seat: 'Child car seats',
    foreign_travel: 'Driving in the EU',
    personal_accident: 'Personal accident',
    medical_expenses: 'Medical expenses',
    uninsured_driver_promise: 'Uninsured driver promise',
    drive_other_cars: 'Driving other cars (third party only)',
    ncb_protection: 'No-claims bonus protection',
    legal_expenses: 'Motor legal expenses',
  },
  excessCategoryDisplayNames: ukExcessCategoryDisplayNames,
  useLimitations: {
    SocialDomesticPleasure:
      'Social, domestic and pleasure use only. Not for commuting, business, hire or reward, racing or track days.',
    SocialDomesticPleasureCommuting:
      'Social, domestic and pleasure use and commuting to a permanent place of work. Not for business, hire or reward, racing or track days.',
    BusinessClass1:
      'Social, domestic and pleasure use, commuting, and use by the policyholder in person for their business (class 1). Not for hire or reward, commercial travelling, racing or track days.',
  },
  legalEntities: {
    insurer: {
      name: 'Meridian Mutual Insurance Ltd',
      address: '40 Corn Street, Bristol BS1 1HQ',
      statement:
        'Meridian Mutual Insurance Ltd is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Firm Reference Number 900902).',
    },
    legalExpensesInsurer: {
      name: 'Harbour Legal Insurance Ltd',
      address: '7 Welsh Back, Bristol BS1 4SP',
      statement:
        'Harbour Legal Insurance Ltd is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Firm Reference Number 900903).',
    },
    intermediary: {
      name: 'Lumen Motors Finance Ltd',
      address: '3 Quayside, Bristol BS1 4QA',
      statement:
        'Lumen Cover is arranged by Lumen Motors Finance Ltd, an insurance intermediary authorised and regulated by the Financial Conduct Authority (Firm Reference Number 900901).',
    },
    complaints:
      'If you are unhappy with our service, tell us using Help (chat) or write to Lumen Motors Finance Ltd, 3 Quayside, Bristol BS1 4QA. We reply within 8 weeks; if you are still unhappy you may refer your complaint to the Financial Ombudsman Service, Exchange Tower, London E14 9SR, www.financial-ombudsman.org.uk.',
    compensation:
      'The insurers are covered by the Financial Services Compensation Scheme (FSCS). Compulsory motor insurance is protected in full; see www.fscs.org.uk.',
  },
};
