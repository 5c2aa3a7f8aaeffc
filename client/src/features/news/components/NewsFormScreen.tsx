import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextAreaField, TextField, useFields } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { ApiError, errorMessage, itemId, type FieldErrors } from '../../../lib/api';
import { returnSearch, type ReturnState } from '../../../lib/search-params';
import { useLoggedError } from '../../../lib/use-logged-error';
import {
  newsQueries,
  photoLimitsQuery,
  photoUrl,
  useCreateNews,
  useUpdateNews,
  useUploadNewsPhoto,
  type News,
  type NewsInput,
} from '../api/news';
import { checkPhoto, formatBytes } from './photo-check';
import './NewsFormScreen.css';

/** Navigation state the form reads. */
export interface NewsFormState extends ReturnState {
  /** From the create form, when the article was saved but its photo refused. */
  photoError?: string;
}

const EMPTY: NewsInput = { title: '', description: '', about: '' };

/** /admin/news/create and /admin/news/edit/:id. The edit route loads the article first. */
export function NewsFormScreen() {
  const { id } = useParams();
  const existing = useQuery({ ...newsQueries.detail(id ?? ''), enabled: id !== undefined });
  const heading = id ? 'Edit News' : 'Create News';

  useLoggedError('Loading the article failed', existing.error);

  // A copy cached from an earlier visit may be out of date: the form starts from a fresh one.
  if (id && (existing.isPending || (!existing.isFetchedAfterMount && existing.isFetching))) {
    return (
      <section className="screen">
        <PageHeader title={heading} />
        <PageSpinner label="Loading the article" />
      </section>
    );
  }
  if (id && existing.isError) {
    return (
      <section className="screen">
        <PageHeader title={heading} />
        <Alert>{errorMessage(existing.error, 'Could not load the article. Please try again.')}</Alert>
        <Link to={paths.news.list}>Back to the news</Link>
      </section>
    );
  }
  // A new key for each article, so moving from the create form to the edit form starts afresh.
  return <NewsForm key={id ?? 'new'} article={id ? existing.data : undefined} heading={heading} />;
}

function NewsForm({ article, heading }: { article: News | undefined; heading: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateNews();
  const update = useUpdateNews();
  const upload = useUploadNewsPhoto();
  const notify = useNotify();

  const [file, setFile] = useState<File | null>(null);
  const limits = useQuery(photoLimitsQuery()).data;
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const { values, bind } = useFields<NewsInput>(
    article ? { title: article.title, description: article.description, about: article.about } : EMPTY,
    fieldErrors,
  );
  const state = location.state as NewsFormState | null;
  const returnTo = returnSearch(state);
  const [photoError, setPhotoError] = useState<string | undefined>(state?.photoError);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const photoId = useId();
  const progressId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Counts refusals (one arriving from the create form included), to move the focus after each.
  const [refusals, setRefusals] = useState(photoError ? 1 : 0);
  const initial = article ? { title: article.title, description: article.description, about: article.about } : EMPTY;
  const dirty = file !== null || (Object.keys(initial) as (keyof NewsInput)[]).some((key) => values[key] !== initial[key]);
  const guard = useUnsavedChanges(dirty && !saving);

  /**
   * A picked or dropped file is judged at once, by its first bytes and its size against the
   * server's own limits; a refused one is not kept, and its message shows at the picker.
   */
  const pick = async (picked: File | null) => {
    setPhotoError(undefined);
    if (picked && limits) {
      const refusal = await checkPhoto(picked, limits);
      if (refusal) {
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        setPhotoError(refusal);
        return;
      }
    }
    setFile(picked);
  };

  const clearFile = () => {
    setFile(null);
    setPhotoError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  // After a refusal, the first field with a message takes the focus (and scrolls into view).
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  // The chosen file is shown from memory; the URL is released when it is replaced or we leave.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFieldErrors({});
    setFormError(null);

    let saved: News;
    try {
      saved = article ? await update.mutateAsync({ id: itemId(article), input: values }) : await create.mutateAsync(values);
    } catch (error) {
      console.error('Saving the article failed', error);
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fields).length > 0) setFieldErrors(fields);
      else setFormError(errorMessage(error, 'Could not save. Please try again.'));
      setRefusals((n) => n + 1);
      setSaving(false);
      return;
    }

    // The spec sends the photo form after every save, even without a file.
    try {
      if (file) setProgress(0);
      await upload.mutateAsync({ id: itemId(saved), file, onProgress: setProgress });
    } catch (error) {
      console.error('Uploading the photo failed', error);
      const message =
        (error instanceof ApiError && error.fieldErrors.photo?.msg) || errorMessage(error, 'Could not upload the photo. Please try again.');
      guard.release();
      setSaving(false);
      setProgress(null);
      if (article) {
        setPhotoError(message);
        setRefusals((n) => n + 1);
      } else {
        // The article exists now: become its edit form, so trying again does not create another.
        navigate(paths.news.edit(itemId(saved)), { replace: true, state: { photoError: message } satisfies NewsFormState });
      }
      return;
    }
    notify({ message: article ? 'News updated' : 'News created' });
    guard.release();
    // A new article is the newest: the first page shows it. An edit goes back where it came from.
    navigate(article ? paths.news.list + returnTo : paths.news.list);
  };

  const shown = preview ?? (article?.photo ? photoUrl(article.photo) : null);

  return (
    <section className="screen">
      <PageHeader title={heading} />
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-busy={saving}>
        {formError && <Alert>{formError}</Alert>}

        <div className="field news-form__photo">
          <label htmlFor={photoId}>Photo</label>
          <div
            className={`news-form__drop${dragging ? ' is-dragging' : ''}`}
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
            <div className="news-form__preview">
              {shown ? <img src={shown} alt={preview ? 'Preview of the chosen photo' : 'Current photo'} /> : <span>No photo</span>}
            </div>
            <div className="news-form__pick">
              <p className="news-form__hint" id={`${photoId}-hint`}>
                JPEG, PNG or WebP{limits ? `, at most ${formatBytes(limits.maxBytes)}` : ''}. Choose a file or drop one here.
              </p>
              <input
                ref={fileInput}
                id={photoId}
                type="file"
                name="photo"
                accept={limits?.types.join(',') ?? 'image/jpeg,image/png,image/webp'}
                aria-invalid={photoError ? true : undefined}
                aria-describedby={photoError ? `${photoId}-error ${photoId}-hint` : `${photoId}-hint`}
                onChange={(event) => void pick(event.target.files?.[0] ?? null)}
              />
              {file && (
                <p className="news-form__file">
                  <span className="news-form__file-name" title={file.name}>
                    {file.name}
                  </span>{' '}
                  <span className="news-form__file-size">({formatBytes(file.size)})</span>{' '}
                  <button type="button" className="button button--small" onClick={clearFile}>
                    Clear<span className="visually-hidden"> the chosen photo</span>
                  </button>
                </p>
              )}
            </div>
          </div>
          {photoError && (
            <p className="field__error" id={`${photoId}-error`}>
              {photoError}
            </p>
          )}
          {progress !== null && (
            <div className="news-form__progress">
              <label htmlFor={progressId}>Uploading photo</label>
              <progress id={progressId} max={1} value={progress}>
                {Math.round(progress * 100)}%
              </progress>
            </div>
          )}
        </div>

        <TextField label="Title" {...bind('title')} />
        <TextAreaField label="Description" rows={3} {...bind('description')} />
        <TextAreaField label="About" rows={10} {...bind('about')} />

        <FormActions submit={heading} busy={saving} cancelTo={paths.news.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}
