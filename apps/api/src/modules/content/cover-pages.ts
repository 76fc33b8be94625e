import type { ProductKind } from '@motor/brand-kit';
import type { ContentPage } from './render';

// What each cover of the brand's products does, in plain words (spec 2 §3 "Covers"). The policy
// wording is the legal text; these pages only help a customer choose and understand.

/** Covers included in the products, keyed by cover code. */
export const COVER_PAGES: Record<string, ContentPage> = {
  liability_to_others: {
    title: 'Injury and damage to others',
    paragraphs: [
      'Covers your legal liability if you injure someone or damage their car or property while driving. This is the cover the law requires every driver to have.',
    ],
  },
  damage_to_car: {
    title: 'Damage to your car',
    paragraphs: [
      'Repairs to your car after an accident, fire, theft or attempted theft, or vandalism, even if it was your fault. If it cannot be repaired economically, we pay its market value.',
      'You pay your excess towards each claim.',
    ],
  },
  uk_accident_recovery: {
    title: 'UK accident recovery',
    paragraphs: [
      'If your car cannot be driven after an accident in the UK, we take it, you and your passengers to a repairer or to your home.',
    ],
  },
  electric_vehicles: {
    title: 'Electric and hybrid cars',
    paragraphs: [
      'Your battery, charging cables and wall box are covered against accidental damage, fire and theft, whether the battery is owned or leased.',
    ],
  },
  windscreen: {
    title: 'Windscreen and windows',
    paragraphs: [
      'Repair or replacement of broken glass in the windscreen, windows and sunroof. Claiming for glass alone does not affect your no claims discount.',
    ],
  },
  accessories: {
    title: 'In-car equipment',
    paragraphs: [
      'Factory-fitted audio, navigation and entertainment equipment is covered as part of your car.',
    ],
  },
  child_car_seat: {
    title: 'Child car seats',
    paragraphs: [
      'We replace a child car seat that was fitted in your car during an accident, even if it does not look damaged.',
    ],
  },
  foreign_travel: {
    title: 'Driving in Europe',
    paragraphs: [
      'You have the same cover when you drive in the EU and some other European countries for up to 90 days a trip. Take your policy certificate with you.',
    ],
  },
  personal_accident: {
    title: 'Personal accident',
    paragraphs: [
      'A fixed payment if you or your partner are seriously injured or die in an accident involving your car.',
    ],
  },
  medical_expenses: {
    title: 'Medical expenses',
    paragraphs: [
      'Help with medical costs for you and your passengers after an accident involving your car.',
    ],
  },
  uninsured_driver_promise: {
    title: 'Uninsured driver promise',
    paragraphs: [
      "If an uninsured driver hits your car and it wasn't your fault, you do not pay an excess and your no claims discount is not affected. We need the other vehicle's registration and, if possible, the driver's details.",
    ],
  },
  drive_other_cars: {
    title: 'Driving other cars',
    paragraphs: [
      "The policyholder may drive another private car, with its owner's permission, with third-party cover only. It does not cover damage to the car you are driving. Check your certificate before relying on it.",
    ],
  },
};

/** Optional covers, keyed by cover code. */
export const OPTIONAL_COVER_PAGES: Record<string, ContentPage> = {
  ncb_protection: {
    title: 'No claims discount protection',
    paragraphs: [
      'Keeps your no claims discount if you make claims, so that years of careful driving are not lost. You need at least 4 years of no claims discount to add it.',
      "Protecting your discount doesn't protect your price: the price of your insurance may still go up after a claim.",
    ],
  },
  legal_expenses: {
    title: 'Motor legal expenses',
    paragraphs: [
      'Up to £100,000 of legal costs to claim back losses after an accident that was not your fault, such as your excess, travel costs, loss of earnings or compensation for injury. There is no excess to pay.',
      'It also covers the cost of defending you if you are prosecuted for a motoring offence.',
    ],
  },
};

/** What fully comprehensive cover pays for, whichever product gives it. */
const COMPREHENSIVE_COVER = [
  'Injury and damage to other people and their property',
  'Damage to your car, even if the accident was your fault',
  'Fire and theft',
  'Windscreen and windows',
];

/** What is and is not covered by a product of this kind, named as the brand names it. */
export function createExposurePage(scheme: {
  name: string;
  productKind: ProductKind;
}): ContentPage {
  const title = `What ${scheme.name} covers, and what it doesn't`;
  if (scheme.productKind === 'DRIVEAWAY') {
    return {
      title,
      paragraphs: [
        `${scheme.name} is free, fully comprehensive cover for 5 days from when you collect your new car, so you can drive it home and arrange your long-term insurance.`,
      ],
      sections: [
        {
          heading: "What's covered",
          items: [...COMPREHENSIVE_COVER],
        },
        {
          heading: "What isn't covered",
          items: [
            'Driving outside the UK',
            'The excesses shown on your quote',
            'Loss or damage when the car is left unlocked or with the keys in it',
            'Anyone driving who is not named on your certificate',
            'Cover after the 5 days end: you need your own insurance by then',
          ],
        },
      ],
    };
  }
  return {
    title,
    paragraphs: [
      `${scheme.name} is fully comprehensive cover paid monthly. Your price is fixed for 12 months.`,
    ],
    sections: [
      {
        heading: "What's covered",
        items: [...COMPREHENSIVE_COVER, 'Driving in Europe'],
      },
      {
        heading: "What isn't covered",
        items: [
          'The excesses shown on your quote',
          'Wear and tear, mechanical or electrical breakdown',
          'Loss or damage when the car is left unlocked or with the keys in it',
          'Anyone driving who is not named on your certificate',
          'Driving while over the drink-drive limit or under the influence of drugs',
        ],
      },
    ],
  };
}
