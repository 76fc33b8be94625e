import { escapeHtml, formField } from '../../html-page';
import { renderPage } from '../brand';

// Building blocks of the sandbox providers' pages, on the sign-in pages' layout and styles.

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPounds(pence: number): string {
  return POUNDS.format(pence / 100);
}

export function page(options: { title: string; body: string; hasError?: boolean }): string {
  return renderPage({
    title: `${options.hasError ? 'Error: ' : ''}${options.title} (sandbox)`,
    body: options.body,
  });
}

/** A labelled text input with its hint and error linked by aria-describedby. */
export function textField(options: {
  id: string;
  label: string;
  value: string;
  hint?: string;
  error?: string;
  autocomplete?: string;
  inputmode?: 'numeric' | 'text';
}): string {
  const { id } = options;
  return formField({
    ...options,
    control: (ariaAttributes) =>
      `<input type="text" id="${id}" name="${id}" value="${escapeHtml(options.value)}" spellcheck="false"${
        options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''
      }${options.inputmode ? ` inputmode="${options.inputmode}"` : ''}${ariaAttributes}>`,
  });
}
