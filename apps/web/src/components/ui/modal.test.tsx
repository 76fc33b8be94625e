import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal';
import type { ModalVariant } from './modal';

function Harness({ variant, iframeSrc }: { variant?: ModalVariant; iframeSrc?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title="Help"
        variant={variant}
        iframeSrc={iframeSrc}
      >
        <button type="button">First</button>
        <button type="button">Last</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing when closed', () => {
    render(<Modal isOpen={false} onClose={() => {}} title="Help" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog labelled by its title, portalled to body', () => {
    const { container } = render(
      <Modal isOpen onClose={() => {}} title="Help">
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('calls onClose from the close button with a custom label', async () => {
    const onClose = vi.fn();
    render(<Modal isOpen onClose={onClose} title="Help" closeLabel="Shut" />);
    await userEvent.click(screen.getByRole('button', { name: 'Shut' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('uses the translated default close label', () => {
    render(<Modal isOpen onClose={() => {}} title="Help" />);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    render(<Modal isOpen onClose={onClose} title="Help" />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on backdrop click but not on a click inside the dialog', async () => {
    const onClose = vi.fn();
    render(
      <Modal isOpen onClose={onClose} title="Help">
        <p>Inside</p>
      </Modal>,
    );
    await userEvent.click(screen.getByText('Inside'));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
    await userEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks body scroll while open and restores it after', async () => {
    document.body.style.overflow = 'auto';
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('moves focus in, traps Tab, and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('renders an iframe with a title for the iframe variant', () => {
    render(
      <Modal isOpen onClose={() => {}} title="Help" variant="iframe" iframeSrc="about:blank" />,
    );
    const frame = screen.getByTitle('Help');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'about:blank');
    expect(screen.getByRole('dialog')).toHaveClass('modal--iframe');
  });
});
