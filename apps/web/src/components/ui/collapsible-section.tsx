import { useId, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';

export type CollapsibleSectionProps = {
  title: ReactNode;
  children?: ReactNode;
  /** Controlled open state; leave undefined to let the component keep it. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onToggle?: (isOpen: boolean) => void;
  headingLevel?: 2 | 3 | 4;
};

/** Disclosure section: a heading button with aria-expanded controlling its content. */
export function CollapsibleSection({
  title,
  children,
  isOpen,
  defaultOpen = false,
  onToggle,
  headingLevel = 3,
}: CollapsibleSectionProps): ReactElement {
  const contentId = useId();
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = isOpen ?? ownOpen;
  const Heading = `h${headingLevel}` as const;

  const toggle = () => {
    const next = !open;
    if (isOpen === undefined) setOwnOpen(next);
    onToggle?.(next);
  };

  return (
    <section className={open ? 'collapsible collapsible--open' : 'collapsible'}>
      <Heading className="collapsible__heading">
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={toggle}
        >
          <span className="collapsible__title">{title}</span>
          <span className="collapsible__icon" aria-hidden="true" />
        </button>
      </Heading>
      <div id={contentId} className="collapsible__content" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
