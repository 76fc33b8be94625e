import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brand } from './brand';
import { applyTheme, applyThemeColour, themeToCssVariables } from './theme';

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

  it("colours the browser's bar in the brand's primary colour, which index.html does not fix", () => {
    const head = document.createElement('head');
    const lumen = { ...brand.theme, colours: { ...brand.theme.colours, primary: '#0f766e' } };
    applyThemeColour(lumen, head);
    applyThemeColour(lumen, head);
    const metas = head.querySelectorAll('meta[name="theme-color"]');
    expect(metas).toHaveLength(1);
    expect(metas[0]).toHaveAttribute('content', '#0f766e');
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).not.toMatch(/theme-color|#[0-9a-f]{6}/i);
  });
});
