import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { getDescribedBy } from './field';
import { NameInput, NumberInput, PhoneInput, TextInput } from './text-input';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';

describe('getDescribedBy', () => {
  it.each([
    [{}, undefined],
    [{ hint: 'h' }, 'f-hint'],
    [{ error: 'e' }, 'f-error'],
    [{ hint: 'h', error: 'e' }, 'f-hint f-error'],
  ])('%j -> %j', (input, expected) => {
    expect(getDescribedBy('f', input)).toBe(expected);
  });
});

describe('TextInput field pattern', () => {
  it('links a visible label, hint and error with a hidden Error: prefix', () => {
    render(
      <TextInput
        id="email"
        label="Email"
        hint="We'll send your quote"
        error="Enter an email"
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-describedby', 'email-hint email-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription("We'll send your quote Error: Enter an email");
    const error = document.getElementById('email-error');
    expect(error).toHaveTextContent('Error: Enter an email');
    expect(error?.querySelector('.visually-hidden')).toHaveTextContent('Error:');
  });

  it('marks optional fields with (optional), never an asterisk', () => {
    render(<TextInput id="company" label="Company" isOptional value="" onChange={() => {}} />);
    expect(screen.getByLabelText('Company (optional)')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('*');
  });

  it('has no error element when valid', () => {
    render(<TextInput id="x" label="X" value="" onChange={() => {}} />);
    expect(document.getElementById('x-error')).toBeNull();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-describedby');
  });
});

function Controlled({ kind }: { kind: 'name' | 'number' | 'phone' }) {
  const [value, setValue] = useState('');
  const common = { id: kind, label: kind, value, onChange: setValue };
  return (
    <>
      {kind === 'name' ? <NameInput {...common} /> : null}
      {kind === 'number' ? <NumberInput {...common} max={100} /> : null}
      {kind === 'phone' ? <PhoneInput {...common} /> : null}
      <output>{value}</output>
    </>
  );
}

describe('normalising inputs', () => {
  it('name input trims leading whitespace', async () => {
    render(<Controlled kind="name" />);
    await userEvent.type(screen.getByLabelText('name'), '  Jo Ann');
    expect(screen.getByRole('status')).toHaveTextContent(/^Jo Ann$/);
  });

  it('number input keeps digits and rejects values above max', async () => {
    render(<Controlled kind="number" />);
    await userEvent.type(screen.getByLabelText('number'), '1a0x05');
    expect(screen.getByRole('status')).toHaveTextContent(/^100$/);
  });

  it('phone input drops one leading zero and prefixes +44', async () => {
    render(<Controlled kind="phone" />);
    const input = screen.getByLabelText('phone');
    await userEvent.type(input, '07700 900123');
    expect(screen.getByRole('status')).toHaveTextContent('+447700900123');
    expect(input).toHaveValue('7700900123');
  });
});
