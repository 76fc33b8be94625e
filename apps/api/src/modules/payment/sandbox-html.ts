import { escapeHtml } from '../../html-page';
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

/** The summary at the top: one link per field error, to the field. */
export function errorSummary(errors: Partial<Record<string, string>>): string {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  if (entries.length === 0) return '';
  const items = entries
    .map(([id, message]) => `<li><a href="#${escapeHtml(id)}">${escapeHtml(message)}</a></li>`)
    .join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">There is a problem</h2>
<ul>${items}</ul>
</div>`;
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
  const { id, error, hint } = options;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return `<div class="${error ? 'field-error' : ''}">
<label for="${id}">${escapeHtml(options.label)}</label>
${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}
${error ? `<p class="error-message" id="${id}-error"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
<input type="text" id="${id}" name="${id}" value="${escapeHtml(options.value)}" spellcheck="false"${
    options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''
  }${options.inputmode ? ` inputmode="${options.inputmode}"` : ''}${
    describedBy.length ? ` aria-describedby="${describedBy.join(' ')}"` : ''
  }${error ? ' aria-invalid="true"' : ''}>
</div>`;
}
