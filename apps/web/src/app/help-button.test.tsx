import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider, anonymousAuthState, type AuthState } from '../lib/auth';
import { brand } from '../lib/brand';
import { describeStaffedHours, formatClockTime } from '../lib/support-hours';
import { HelpButton } from './help-button';

function renderHelp(state: AuthState = anonymousAuthState) {
  return render(
    <AuthProvider state={state}>
      <MemoryRouter>
        <HelpButton />
      </MemoryRouter>
    </AuthProvider>,
  );
}

async function openHelp() {
  await userEvent.click(screen.getByRole('button', { name: /Help/ }));
  return screen.getByRole('dialog', { name: 'How can we help?' });
}

describe('Help modal (issue 18 item 4)', () => {
  it('lists the brand’s phone, e-mail and opening hours from the brand configuration', async () => {
    renderHelp();
    const dialog = await openHelp();
    expect(brand.support.phone).toBe('0800 000 0100');
    expect(within(dialog).getByRole('link', { name: '0800 000 0100' })).toHaveAttribute(
      'href',
      'tel:08000000100',
    );
    expect(
      within(dialog).getByRole('link', { name: 'help@bmw-insurance.example' }),
    ).toHaveAttribute('href', 'mailto:help@bmw-insurance.example');
    const hours = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(hours).toEqual(['Monday to Friday: 8am to 8pm', 'Saturday: 9am to 5pm']);
  });

  it('opens the FAQ in the modal’s iframe and comes back to the help', async () => {
    renderHelp();
    const dialog = await openHelp();
    await userEvent.click(
      within(dialog).getByRole('link', { name: 'Read our questions and answers' }),
    );
    const faq = screen.getByRole('dialog', { name: 'Questions and answers' });
    expect(faq.querySelector('iframe')).toHaveAttribute('src', '/content/static/faq.html');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(within(faq).getByRole('button', { name: 'Back to help' }));
    expect(screen.getByRole('dialog', { name: 'How can we help?' })).toBeInTheDocument();
  });

  it('offers retrieving a saved quote to visitors only', async () => {
    const { unmount } = renderHelp();
    expect(
      within(await openHelp()).getByRole('link', { name: 'Retrieve a saved quote' }),
    ).toHaveAttribute('href', '/retrieve');
    unmount();
    renderHelp({ ...anonymousAuthState, isAuthenticated: true });
    expect(
      within(await openHelp()).queryByRole('link', { name: 'Retrieve a saved quote' }),
    ).not.toBeInTheDocument();
  });
});

describe('staffed hours in words', () => {
  const t = (key: string, options?: Record<string, unknown>) => {
    const days: Record<string, string> = { 1: 'Mon', 2: 'Tue', 3: 'Wed', 6: 'Sat', 7: 'Sun' };
    if (key.startsWith('help.days.')) return days[key.slice('help.days.'.length)] ?? key;
    if (key === 'help.dayRange') return `${String(options?.from)}-${String(options?.to)}`;
    return `${String(options?.days)} ${String(options?.opens)}-${String(options?.closes)}`;
  };

  it('writes runs of three or more days as a range, other days as a list', () => {
    expect(
      describeStaffedHours(
        [
          { days: [3, 1, 2], opens: '09:30', closes: '17:00' },
          { days: [6, 7], opens: '00:00', closes: '12:00' },
        ],
        t,
      ),
    ).toEqual(['Mon-Wed 9:30am-5pm', 'Sat, Sun 12am-12pm']);
    expect(formatClockTime('20:05')).toBe('8:05pm');
  });
});
