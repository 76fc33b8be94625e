import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Avatar, getInitials } from './avatar';

describe('getInitials', () => {
  it.each([
    ['jane', 'doe', 'JD'],
    ['Jane', 'Doe', 'JD'],
    ['  ada ', ' lovelace', 'AL'],
    ['Jane', undefined, '?'],
    [undefined, 'Doe', '?'],
    ['', 'Doe', '?'],
    ['  ', 'Doe', '?'],
    [null, null, '?'],
  ])('%j %j -> %s', (first, last, expected) => {
    expect(getInitials(first, last)).toBe(expected);
  });
});

describe('Avatar', () => {
  it('shows initials and is named by the full name', () => {
    render(<Avatar firstName="jane" lastName="doe" />);
    const avatar = screen.getByRole('img', { name: 'jane doe' });
    expect(avatar).toHaveTextContent('JD');
  });

  it('shows a question mark when the name is missing', () => {
    render(<Avatar />);
    expect(screen.getByRole('img', { name: 'Unknown user' })).toHaveTextContent('?');
  });
});
