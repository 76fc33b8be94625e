// Escaping and form pieces for the server-rendered pages outside the SPA (their shell is the
// brand's: modules/brand renderPage).

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A GOV.UK-style error summary at the top of a form: one link per field error, to the field. */
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

/**
 * A form field the GOV.UK way: its label, hint and error, then the control `control` draws given
 * the attributes that link it to them (aria-describedby, aria-invalid), so every form's fields
 * are announced alike whatever the control.
 */
export function formField(options: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  control: (ariaAttributes: string) => string;
}): string {
  const { id, hint, error } = options;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  const ariaAttributes = `${describedBy.length ? ` aria-describedby="${describedBy.join(' ')}"` : ''}${
    error ? ' aria-invalid="true"' : ''
  }`;
  return `<div class="${error ? 'field-error' : ''}">
<label for="${id}">${escapeHtml(options.label)}</label>
${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}
${error ? `<p class="error-message" id="${id}-error"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
${options.control(ariaAttributes)}
</div>`;
}
