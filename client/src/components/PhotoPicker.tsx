import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { photoLimitsQuery } from '../lib/photos';
import { checkPhoto, formatBytes } from './photo-check';
import './PhotoPicker.css';

/**
 * The photo of an article or a page: the current one or a preview of the chosen file, the file input, and
 * a drop zone. A picked or dropped file is judged at once, by its first bytes and its size
 * against the server's own limits; a refused one is not kept, and its message (`onError`) shows
 * here, as does the server's (`error`). `progress` (0 to 1) shows while the file uploads.
 */
export function PhotoPicker({
  file,
  onFile,
  removing,
  onRemoving,
  current,
  currentSrcSet,
  error,
  onError,
  progress,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  /** "Remove photo" was pressed: the stored photo goes when the form is saved. */
  removing: boolean;
  onRemoving: (removing: boolean) => void;
  /** The stored photo's URL, if the item has one. */
  current: string | null;
  /** Its stored sizes (NewsPhoto's photoSrcset): the small preview loads a small one, not the whole photo. */
  currentSrcSet?: string;
  error: string | undefined;
  onError: (message: string | undefined) => void;
  progress: number | null;
}) {
  const limits = useQuery(photoLimitsQuery()).data;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const id = useId();
  const progressId = useId();

  const forget = () => {
    onFile(null);
    if (input.current) input.current.value = '';
  };

  const pick = async (picked: File | null) => {
    onError(undefined);
    if (picked && limits) {
      const refusal = await checkPhoto(picked, limits);
      if (refusal) {
        forget();
        onError(refusal);
        return;
      }
    }
    onFile(picked);
  };

  const clear = () => {
    forget();
    onError(undefined);
  };

  // The chosen file is shown from memory; the URL is released when it is replaced or we leave.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? (removing ? null : current);

  return (
    <div className="field photo-picker">
      <label htmlFor={id}>Photo</label>
      <div
        className={`photo-picker__drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void pick(event.dataTransfer.files[0] ?? null);
        }}
      >
        <div className="photo-picker__preview">
          {shown ? (
            <>
              <img
                src={shown}
                {...(preview || !currentSrcSet ? {} : { srcSet: currentSrcSet, sizes: '16rem' })}
                alt={preview ? 'Preview of the chosen photo' : 'Current photo'}
              />
              <p className="photo-picker__crop">As the site crops it: 16:9, filling the frame.</p>
            </>
          ) : (
            <span>{removing ? 'No photo once saved' : 'No photo'}</span>
          )}
        </div>
        <div className="photo-picker__pick">
          <p className="photo-picker__hint" id={`${id}-hint`}>
            JPEG, PNG or WebP{limits ? `, at most ${formatBytes(limits.maxBytes)}` : ''}. Choose a file or drop one here.
          </p>
          <input
            ref={input}
            id={id}
            type="file"
            name="photo"
            accept={limits?.types.join(',') ?? 'image/jpeg,image/png,image/webp'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            onChange={(event) => void pick(event.target.files?.[0] ?? null)}
          />
          {current && !file && (
            <p className="photo-picker__file">
              {removing ? (
                <button type="button" className="button button--small" onClick={() => onRemoving(false)}>
                  Keep photo
                </button>
              ) : (
                <button type="button" className="button button--small button--danger-outline" onClick={() => onRemoving(true)}>
                  Remove photo
                </button>
              )}
            </p>
          )}
          {file && (
            <p className="photo-picker__file">
              <span className="photo-picker__file-name" title={file.name}>
                {file.name}
              </span>{' '}
              <span className="photo-picker__file-size">({formatBytes(file.size)})</span>{' '}
              <button type="button" className="button button--small" onClick={clear}>
                Clear<span className="visually-hidden"> the chosen photo</span>
              </button>
            </p>
          )}
        </div>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {progress !== null && (
        <div className="photo-picker__progress">
          <label htmlFor={progressId}>Uploading photo</label>
          <progress id={progressId} max={1} value={progress}>
            {Math.round(progress * 100)}%
          </progress>
        </div>
      )}
    </div>
  );
}
