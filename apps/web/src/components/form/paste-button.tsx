import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

export type PasteButtonProps = {
  onPaste: (text: string) => void;
  label?: string;
  /** Id of the field the pasted text goes into, so the button names it. */
  controls?: string;
};

/** True when the browser exposes clipboard reading and has not denied it. */
async function canReadClipboard(): Promise<boolean> {
  if (typeof navigator.clipboard?.readText !== 'function' || !navigator.permissions) return false;
  try {
    const status = await navigator.permissions.query({ name: 'clipboard-read' as PermissionName });
    return status.state !== 'denied';
  } catch {
    // Some browsers do not know the clipboard-read permission name.
    return false;
  }
}

/** Pastes clipboard text; shown only when allowed, disabled with guidance after a block. */
export function PasteButton({ onPaste, label, controls }: PasteButtonProps): ReactElement | null {
  const { t } = useTranslation('ui');
  const [isAvailable, setIsAvailable] = useState(false);
  const [isBlocked, setIsBlocked] = useState(false);

  useEffect(() => {
    let isMounted = true;
    void canReadClipboard().then((allowed) => {
      if (isMounted) setIsAvailable(allowed);
    });
    return () => {
      isMounted = false;
    };
  }, []);

  if (!isAvailable) return null;

  const paste = async () => {
    try {
      onPaste(await navigator.clipboard.readText());
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        setIsBlocked(true);
        return;
      }
      // Other failures (e.g. the page lost focus) are only logged; the user can try again.
      console.warn('Clipboard read failed', error);
    }
  };

  return (
    <div className="paste-button">
      <Button
        layout="small"
        variant="inverted"
        disabled={isBlocked}
        aria-controls={controls}
        onClick={() => void paste()}
      >
        {label ?? t('paste.label')}
      </Button>
      {isBlocked ? (
        <div className="paste-button__blocked" role="alert">
          <p>{t('paste.blocked')}</p>
          <p>{t('paste.allowInSettings')}</p>
        </div>
      ) : null}
    </div>
  );
}
