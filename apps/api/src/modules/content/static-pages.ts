import type { LegalEntities } from '../brand';
import type { ContentPage } from './render';

// The pages the footer links to (issue 13 item 15): what a UK insurance intermediary must tell
// everyone, not only customers. Their facts come from the brand's legal entities.

/** The footer's pages, worded with the brand's legal entities. */
export function createStaticPages(legalEntities: LegalEntities): Record<string, ContentPage> {
  const { insurer, legalExpensesInsurer, intermediary } = legalEntities;
  return {
    complaints: {
      title: 'Complaints',
      paragraphs: [legalEntities.complaints],
      sections: [
        {
          heading: 'How we handle a complaint',
          items: [
            'We acknowledge it within 5 working days and tell you who is dealing with it.',
            'We send our final answer within 8 weeks, or explain why we need longer and that you may go to the Financial Ombudsman Service.',
            'Going to the ombudsman is free and does not affect your right to take legal action.',
          ],
        },
        {
          heading: 'Who is responsible',
          items: [
            `${intermediary.name}, ${intermediary.address}: the service you receive from us.`,
            `${insurer.name}, ${insurer.address}: your motor insurance and its claims.`,
            `${legalExpensesInsurer.name}, ${legalExpensesInsurer.address}: motor legal expenses claims.`,
          ],
        },
      ],
    },
    privacy: {
      title: 'Privacy notice',
      paragraphs: [
        `${intermediary.name} (${intermediary.address}) is the controller of the personal data you give us when you get a quote, buy or manage a policy. ${insurer.name} is a controller of the data it needs to insure you and handle claims.`,
      ],
      sections: [
        {
          heading: 'What we use and why',
          items: [
            'Your name, date of birth, address, contact details, driving licence, claims and convictions, and your car: to quote for, arrange and administer your insurance (the contract with you).',
            'Identity and fraud checks with credit reference and fraud prevention agencies, and the Motor Insurance Database: because the law and our legitimate interest in preventing fraud require it.',
            'Health information (medical conditions the DVLA must know about): only with your explicit consent or as insurance law allows.',
            'Marketing by e-mail, phone or SMS: only if you said yes, and you can change your mind in your account settings at any time.',
          ],
        },
        {
          heading: 'How long we keep it',
          items: [
            'Quotes you do not buy: 12 months. Policies and claims: 7 years after the policy ends, as insurance and tax rules require.',
          ],
        },
        {
          heading: 'Your rights',
          items: [
            'You may ask for a copy of your data, have it corrected or erased, object to its use, or ask us to stop marketing. Ask us using Help (chat).',
            'You may complain to the Information Commissioner’s Office, ico.org.uk, 0303 123 1113.',
          ],
        },
      ],
    },
    'claims-faq': {
      title: 'Claims: questions and answers',
      paragraphs: [
        `Claims on your motor insurance are handled for ${insurer.name}. Tell us about an accident, theft or damage as soon as you can, even if you do not want to claim.`,
      ],
      sections: [
        {
          heading: 'How do I make a claim?',
          items: [
            'Call the claims line shown on your policy’s claims tab, any time, or e-mail us.',
            'While your policy is active you can also make a claim online from the claims tab: tell us what happened and when, and we call you back.',
          ],
        },
        {
          heading: 'What happens next?',
          items: [
            'Your claim shows as pending until a claims handler has looked at it, then as active while it is being dealt with, and as settled once it is closed.',
            'Quote your claim reference whenever you contact us about it.',
          ],
        },
        {
          heading: 'What should I have ready?',
          items: [
            'Your policy number, the date, time and place of the incident, the other people and vehicles involved, and a crime reference number for a theft or vandalism.',
          ],
        },
      ],
    },
    faq: {
      title: 'Help: questions and answers',
      paragraphs: [
        'Answers to what customers ask us most. If yours is not here, chat to us using Help at the top of the page, or call or e-mail us: the Help window lists our number, address and opening hours.',
      ],
      sections: [
        {
          heading: 'Quotes',
          items: [
            'A quote is saved as you go. To come back to it on another device, use "Retrieve a saved quote" with your postcode, date of birth and quote reference.',
            'A quote has an expiry date; after it we ask you to check your answers so we can price it again.',
          ],
        },
        {
          heading: 'Buying and paying',
          items: [
            'You pay by card or Direct Debit. Monthly cover is collected on the payment day you choose, between the 1st and the 28th.',
            'Your certificate and schedule are on the policy’s documents tab as soon as you have bought it, and we e-mail you a link.',
          ],
        },
        {
          heading: 'Changing or cancelling',
          items: [
            'Sign in and open your policy to change your car, address or drivers, or to cancel. Some changes cost more or less; we show the difference before you confirm.',
            'You may cancel from your policy page too: we show what you get back, or still owe, before you confirm.',
          ],
        },
        {
          heading: 'Claims',
          items: [
            `Claims are handled for ${insurer.name}. See "Claims: questions and answers" for how to claim and what to have ready.`,
          ],
        },
        {
          heading: 'Who we are',
          items: [`${intermediary.name}, ${intermediary.address}.`],
        },
      ],
    },
    cookies: {
      title: 'Cookie policy',
      paragraphs: [
        'We use cookies and similar storage only to run this website and, if you accept them, to understand how it is used.',
      ],
      sections: [
        {
          heading: 'Strictly necessary (always on)',
          items: [
            'cookieConsent: remembers whether you accepted or rejected non-essential cookies, for 365 days.',
            'Session storage for your anonymous quote session, and local storage for your sign-in: removed when you sign out.',
          ],
        },
        {
          heading: 'Non-essential (only if you accept)',
          items: [
            'Analytics: if you accept, we record the pages you visit and the steps you complete (of a quote, a purchase, a change to your policy, a cancellation, a renewal choice or a claim), with a random identifier of your session or account, the brand and the product. We never record your name, e-mail address, phone number, address or car registration for it, and it sets no cookie of ours or of anyone else. The record is kept for 13 months, erased with your data if you ask us to erase it, and may be processed for us by our analytics provider.',
            'No advertising cookies at all.',
          ],
        },
        {
          heading: 'Changing your choice',
          items: [
            'Use Cookie settings at the foot of every page to accept or reject analytics at any time: rejecting stops the recording at once.',
          ],
        },
      ],
    },
  };
}
