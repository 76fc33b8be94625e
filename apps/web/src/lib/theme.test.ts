import { describe, expect, it } from 'vitest';
import { brand } from './brand';
import { applyTheme, themeToCssVariables } from './theme';

describe('theme', () => {
  it('maps tokens to CSS custom properties', () => {
    const variables = themeToCssVariables(brand.theme);
    expect(variables['--color-primary']).toBe('#1c69d4');
    expect(variables['--color-critical']).toBe(brand.theme.colours.critical);
    expect(variables['--color-text-muted']).toBe(brand.theme.colours.textMuted);
    expect(variables['--space-2']).toBe('16px');
    expect(variables['--radius']).toBe(brand.theme.radius.default);
    expect(variables['--font-family']).toBe(brand.theme.fontFamily);
  });

  it('applies them to the root element', () => {
    const root = document.createElement('div');
    applyTheme(brand.theme, root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#1c69d4');
    expect(root.style.getPropertyValue('--color-focus')).toBe(brand.theme.colours.focus);
  });
});
