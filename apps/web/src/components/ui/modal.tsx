import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLatestRef } from '../../lib/use-latest-ref';

export type ModalVariant = 'default' | 'iframe' | 'feedback';

export type ModalProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  variant?: ModalVariant;
  closeLabel?: string;
  children?: ReactNode;
  iframeSrc?: string;
};

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

function getFocusable(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

// How many modals are open right now, so what sits outside them (the cookie banner) can be made
// inert while one is (issue 18 item 5): z-index alone leaves it reachable by keyboard and AT.
let openModalCount = 0;
const openModalListeners = new Set<() => void>();

/** Marks an element that must sit inert beneath any open modal (the cookie banner). */
export const BENEATH_MODALS_ATTRIBUTE = 'data-beneath-modals';

function changeOpenModalCount(delta: number) {
  openModalCount += delta;
  // Set at once, not on the next render: the opener (a link in the banner) gets focus back as the
  // modal closes, which an element still inert would refuse.
  for (const element of document.querySelectorAll(`[${BENEATH_MODALS_ATTRIBUTE}]`)) {
    element.toggleAttribute('inert', openModalCount > 0);
  }
  for (const listener of openModalListeners) listener();
}

function subscribeToOpenModals(listener: () => void): () => void {
  openModalListeners.add(listener);
  return () => openModalListeners.delete(listener);
}

/** True while any Modal is open. */
export function useIsAnyModalOpen(): boolean {
  return useSyncExternalStore(
    subscribeToOpenModals,
    () => openModalCount > 0,
    () => false,
  );
}

/** Accessible modal dialog rendered into document.body (spec 1 §4, §9: max width 584px). */
export function Modal({
  isOpen,
  onClose,
  title,
  variant = 'default',
  closeLabel,
  children,
  iframeSrc,
}: ModalProps): ReactElement | null {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useLatestRef(onClose);

  useEffect(() => {
    if (!isOpen) return undefined;
    changeOpenModalCount(1);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialogRef.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = getFocusable(dialog);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (!dialog.contains(active)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Pull focus back if something outside the dialog receives it (trap).
    const onFocusIn = (event: FocusEvent) => {
      const dialog = dialogRef.current;
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) {
        dialog.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = previousOverflow;
      changeOpenModalCount(-1);
      if (opener && opener.isConnected) opener.focus();
    };
  }, [isOpen, onCloseRef]);

  if (!isOpen) return null;

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div className="modal-backdrop" role="presentation" onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        className={`modal modal--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{closeLabel ?? t('modal.close')}</span>
          </button>
        </div>
        <div className="modal__body">
          {variant === 'iframe' && iframeSrc ? (
            <iframe className="modal__iframe" src={iframeSrc} title={title} />
          ) : null}
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
