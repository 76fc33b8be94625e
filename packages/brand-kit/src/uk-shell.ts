// What a UK brand's web shell says unless the brand says otherwise: plain data, free of zod (the
// package's ./uk-shell entry, read as `import * as ukShell`), for a brand's ./data entry that the
// browser's first page loads.

/** Where the shell's static pages are; a brand links its own terms of business after them. */
export const footerLinks = [
  { text: 'Complaints', href: '/content/static/complaints.html' },
  { text: 'Privacy notice', href: '/content/static/privacy.html' },
  { text: 'Cookie policy', href: '/content/static/cookies.html' },
];

export const poweredBy = 'Powered by Motor Insurance Cloud';

/** The spacing scale of the shell's layout, in steps of 8 px. */
export const spacing = {
  1: '8px',
  2: '16px',
  3: '24px',
  4: '32px',
  5: '48px',
  6: '64px',
};

/** The support line's opening hours: weekdays 08:00-20:00, Saturday 09:00-17:00. */
export const supportHours = [
  { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '20:00' },
  { days: [6], opens: '09:00', closes: '17:00' },
];

/** The account settings a customer sees: e-mail, phone number (read only), marketing. */
export const accountSettings = [
  { name: 'email', input: 'emailAccount', readOnly: false },
  { name: 'phone-number', input: 'phoneNumberAccount', readOnly: true },
  { name: 'marketing-preferences', input: 'marketingPreferencesAccount', readOnly: false },
];
