import { useState, type FormEvent } from 'react';

// The message being written in a chat, the customer's panel and the staff inbox alike: submit
// sends it trimmed (nothing when it is blank) and clears it once the server has it, so a failed
// send keeps the text for another try. Each side says how it sends (the customer's adds the
// policy in view).

type Send = (body: string, options: { onSuccess: () => void }) => void;

export function useChatDraft(send: Send) {
  const [draft, setDraft] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    send(body, { onSuccess: () => setDraft('') });
  };
  return { draft, setDraft, isBlank: draft.trim() === '', onSubmit };
}
