import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { acceptAttribute, type UploadLimits } from './upload-rules';

/**
 * A drop area with a button: files dropped on the area or chosen through the button (a real
 * button, so the keyboard reaches it; the file input itself stays hidden) go to `onFiles`.
 */
export function Dropzone({
  limits,
  onFiles,
  isDisabled = false,
}: {
  limits: UploadLimits;
  onFiles: (files: File[]) => void;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation('uploads');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isOver, setIsOver] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsOver(false);
    if (isDisabled) return;
    onFiles([...event.dataTransfer.files]);
  }

  return (
    <div
      className={`dropzone${isOver ? ' dropzone--over' : ''}`}
      data-testid="dropzone"
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
    >
      <p>{t('dropzone.drop')}</p>
      <Button
        variant="inverted"
        aria-describedby={hintId}
        disabled={isDisabled}
        onClick={() => input.current?.click()}
      >
        {t('dropzone.choose')}
      </Button>
      <p id={hintId} className="text-muted">
        {t('dropzone.hint', {
          types: limits.accept.map((extension) => extension.toUpperCase()).join(', '),
          size: Math.floor(limits.maxSize / 1024 / 1024),
          count: limits.maxFiles,
        })}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        accept={acceptAttribute(limits)}
        data-testid="dropzone-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file may be chosen again after it was removed.
          event.target.value = '';
        }}
      />
    </div>
  );
}
