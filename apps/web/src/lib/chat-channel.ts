import { useEffect } from 'react';
import { useLatestRef } from './use-latest-ref';

// "Chat to us" anywhere in the app opens the one chat panel the page shell holds (issue 18 item 3):
// features ask through this channel, as they may not import the panel's feature.

type ChatOpenListener = () => void;
const listeners = new Set<ChatOpenListener>();

/** Asks the chat panel to open. Returns false when no panel is there (staff, visitors). */
export function requestChatOpen(): boolean {
  for (const listener of listeners) listener();
  return listeners.size > 0;
}

/** The chat panel's side: called whenever something asks for the chat. */
export function useChatOpenRequests(onOpen: ChatOpenListener): void {
  const onOpenRef = useLatestRef(onOpen);
  useEffect(() => {
    const listener = () => onOpenRef.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [onOpenRef]);
}
