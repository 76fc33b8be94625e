import type { Theme } from './brand';

function toKebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Maps theme tokens to CSS custom properties (--color-*, --font-family, --space-N, --radius*). */
export function themeToCssVariables(theme: Theme): Record<string, string> {
  const variables: Record<string, string> = { '--font-family': theme.fontFamily };
  for (const [name, value] of Object.entries(theme.colours)) {
    variables[`--color-${toKebab(name)}`] = value;
  }
  for (const [step, value] of Object.entries(theme.spacing)) {
    variables[`--space-${step}`] = value;
  }
  for (const [name, value] of Object.entries(theme.radius)) {
    variables[name === 'default' ? '--radius' : `--radius-${toKebab(name)}`] = value;
  }
  return variables;
}

/** Sets the theme on an element through the CSSOM (the CSP forbids inline style tags). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeToCssVariables(theme))) {
    root.style.setProperty(name, value);
  }
}

/** The browser's bar in the brand's colour: index.html is shared by every brand, so it has none. */
export function applyThemeColour(theme: Theme, head: HTMLElement = document.head): void {
  let meta = head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    head.append(meta);
  }
  meta.content = theme.colours.primary;
}
