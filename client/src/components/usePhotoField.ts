import { useRef, useState } from 'react';
import { ApiError } from '../lib/api';
import { photoUrl, storePhoto } from '../lib/photos';

/**
 * The photo of a form that saves an item with an optional photo (a page; the news form does the
 * same in place until its writing flow (#38) has landed): the chosen file, "Remove photo", the
 * upload's progress and the photo's refusal. The file is stored (POST /api/photos) when the form
 * is saved, once: a save refused for another field names the same stored photo again.
 */
export function usePhotoField(current: string | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  // "Remove photo": the stored photo goes with the next save (Cancel keeps it).
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const stored = useRef<{ file: File; photo: string } | null>(null);
  // The same, for the render: the working copy names a chosen photo once it is stored.
  const [storedPhoto, setStoredPhoto] = useState<{ file: File; photo: string } | null>(null);

  return {
    /** Something to save besides the fields. */
    changed: file !== null || removing,
    /** The save's `photo`: the chosen file's path (stored first), null to remove it, or undefined to keep it. */
    toSave: async (): Promise<string | null | undefined> => {
      setError(undefined);
      if (!file) return removing && current ? null : undefined;
      if (stored.current?.file !== file) {
        setProgress(0);
        try {
          stored.current = { file, photo: (await storePhoto(file, setProgress)).photo };
          setStoredPhoto(stored.current);
        } finally {
          setProgress(null);
        }
      }
      return stored.current.photo;
    },
    /** A refused save: the photo's own refusal shows at the picker, and the next save stores the file again. */
    refused: (failure: unknown) => {
      const refusal = failure instanceof ApiError ? failure.fieldErrors.photo?.msg : undefined;
      if (!refusal) return;
      stored.current = null;
      setStoredPhoto(null);
      setError(refusal);
    },
    /** What a working copy holds now: the chosen photo once stored, null once removed, else the current one. */
    now: file ? (storedPhoto?.file === file ? storedPhoto.photo : undefined) : removing ? null : current,
    /** The PhotoPicker's props. */
    picker: {
      file,
      onFile: (picked: File | null) => {
        setFile(picked);
        if (picked) setRemoving(false);
      },
      removing,
      onRemoving: setRemoving,
      current: current ? photoUrl(current) : null,
      error,
      onError: setError,
      progress,
    },
  };
}
