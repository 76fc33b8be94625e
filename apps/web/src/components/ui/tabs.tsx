import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';

type TabItem = { label: ReactNode; content?: ReactNode };

export type TabsProps = {
  /** Accessible name of the tab list. */
  label: string;
  tabs: TabItem[];
  /** Controlled selected index; leave undefined to let the component keep it. */
  selectedIndex?: number;
  defaultIndex?: number;
  onChange?: (index: number) => void;
};

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function Tabs({
  label,
  tabs,
  selectedIndex,
  defaultIndex = 0,
  onChange,
}: TabsProps): ReactElement {
  const baseId = useId();
  const [ownIndex, setOwnIndex] = useState(defaultIndex);
  const current = selectedIndex ?? ownIndex;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number, moveFocus: boolean) => {
    if (moveFocus) tabRefs.current[index]?.focus();
    if (index === current) return;
    if (selectedIndex === undefined) setOwnIndex(index);
    onChange?.(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => {
          const isSelected = index === current;
          return (
            <button
              key={index}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={isSelected ? 0 : -1}
              className={isSelected ? 'tabs__tab tabs__tab--selected' : 'tabs__tab'}
              onClick={() => select(index, false)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== current}
          tabIndex={0}
          className="tabs__panel"
        >
          {index === current ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
