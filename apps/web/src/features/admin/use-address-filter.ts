import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A staff list's filter kept in the page's address, so a reload or a shared link shows the same
 * list: what the address says now (`applied`, what the list is read with), the form's `draft`
 * of each field, and `apply` and `clear`, which write the draft's non-blank fields (trimmed),
 * or nothing, back to the address.
 */
export function useAddressFilter<Name extends string>(names: readonly Name[]): AddressFilter<Name> {
  const [searchParams, setSearchParams] = useSearchParams();
  const read = (pick: (name: Name) => string) =>
    Object.fromEntries(names.map((name) => [name, pick(name)])) as Record<Name, string>;
  const applied = read((name) => searchParams.get(name) ?? '');
  const [draft, setDraft] = useState(applied);
  return {
    applied,
    draft,
    change: (name: Name, value: string) => setDraft((current) => ({ ...current, [name]: value })),
    apply: (event: FormEvent) => {
      event.preventDefault();
      const next: Record<string, string> = {};
      for (const name of names) {
        const value = draft[name].trim();
        if (value) next[name] = value;
      }
      setSearchParams(next);
    },
    clear: () => {
      setDraft(read(() => ''));
      setSearchParams({});
    },
  };
}

export type AddressFilter<Name extends string> = {
  applied: Record<Name, string>;
  draft: Record<Name, string>;
  change: (name: Name, value: string) => void;
  apply: (event: FormEvent) => void;
  clear: () => void;
};
