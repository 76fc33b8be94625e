import { formatDisplayDate, formatMoney } from '@motor/domain';

// The upgrade offer's e-mail, as plain text. Pure: the job fills it in and queues it. It says that
// nothing is bought unless the customer chooses to (the offer needs their consent).

type Email = { subject: string; body: string };

export type UpsellNoticeInput = {
  policyNumber: string;
  holderName: string;
  /** When the driveaway cover ends (the quote starts then, or now if it has ended). */
  endsAt: Date;
  /** The subscription product's name (BMW Flex). */
  schemeName: string | undefined;
  /** The monthly price when the quote is priced; null when more information is needed. */
  monthlyPence: number | null;
  /** The upgrade page of the quote. */
  quoteUrl: string;
};

/** The e-mail telling a driveaway customer their flex quote is ready. */
export function upsellNotice(input: UpsellNoticeInput): Email {
  const name = input.schemeName ?? 'our monthly cover';
  const greeting = input.holderName ? `Dear ${input.holderName},` : 'Hello,';
  const price =
    input.monthlyPence === null
      ? `We need a few more details before we can price it: answer them on the page linked below.`
      : `It costs ${formatMoney(input.monthlyPence)} a month, with the price guaranteed for 12 months.`;
  return {
    subject: `Your ${name} quote is ready`,
    body: [
      greeting,
      '',
      `Your Driveaway cover (policy ${input.policyNumber}) ends on ${formatDisplayDate(input.endsAt)}.`,
      `To keep driving insured, we have prepared a ${name} quote from the details you gave us for your car and drivers.`,
      price,
      '',
      `See your quote: ${input.quoteUrl}`,
      '',
      'Nothing is bought unless you choose to: check your details, then buy it online if it suits you.',
    ].join('\n'),
  };
}
