import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasteButton } from './paste-button';

type Setup = { state?: PermissionState; readText?: () => Promise<string>; noPermissions?: boolean };

function mockNavigator({ state = 'prompt', readText, noPermissions }: Setup) {
  vi.spyOn(navigator, 'permissions', 'get').mockReturnValue(
    (noPermissions
      ? undefined
      : { query: vi.fn().mockResolvedValue({ state }) }) as unknown as Permissions,
  );
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ readText } as unknown as Clipboard);
}

describe('PasteButton', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows and pastes when clipboard-read is not denied', async () => {
    mockNavigator({ state: 'granted', readText: () => Promise.resolve('AB12 CDE') });
    const onPaste = vi.fn();
    render(<PasteButton onPaste={onPaste} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Paste' }));
    expect(onPaste).toHaveBeenCalledWith('AB12 CDE');
  });

  it.each<[string, Setup]>([
    ['permission denied', { state: 'denied', readText: () => Promise.resolve('') }],
    ['no readText', { state: 'granted' }],
    ['no permissions API', { noPermissions: true, readText: () => Promise.resolve('') }],
  ])('stays hidden when %s', async (_name, setup) => {
    mockNavigator(setup);
    render(<PasteButton onPaste={() => {}} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('disables itself and explains how to allow it after a permission block', async () => {
    mockNavigator({
      state: 'prompt',
      readText: () => Promise.reject(new DOMException('blocked', 'NotAllowedError')),
    });
    const onPaste = vi.fn();
    render(<PasteButton onPaste={onPaste} />);
    const button = await screen.findByRole('button', { name: 'Paste' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Clipboard read permission was blocked.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/site settings/);
    expect(button).toBeDisabled();
    expect(onPaste).not.toHaveBeenCalled();
  });
});
