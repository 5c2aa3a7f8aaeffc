import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { SelectField, TextAreaField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst, useForm } from '../../../components/useForm';
import { ApiError, errorMessage, itemId } from '../../../lib/api';
import { returnSearch, type ReturnState } from '../../../lib/search-params';
import {
  newsQueries,
  photoUrl,
  useCreateNews,
  useUpdateNews,
  useRemoveNewsPhoto,
  useUploadNewsPhoto,
  type News,
  type NewsInput,
  previewAbout,
} from '../api/news';
import { PhotoPicker } from './PhotoPicker';
import './NewsFormScreen.css';

/** Navigation state the form reads. */
export interface NewsFormState extends ReturnState {
  /** From the create form, when the article was saved but its photo refused. */
  photoError?: string;
}

/** The form's values: all text, as the fields hold them (publishAt in the browser's local time). */
interface NewsValues {
  title: string;
  description: string;
  about: string;
  slug: string;
  photoAlt: string;
  status: 'draft' | 'published';
  publishAt: string;
}

const EMPTY: NewsValues = { title: '', description: '', about: '', slug: '', photoAlt: '', status: 'published', publishAt: '' };

/** An ISO time as a datetime-local field's value (local time, to the minute). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function toInput(values: NewsValues): NewsInput {
  return {
    ...values,
    photoAlt: values.photoAlt,
    publishAt: values.publishAt ? new Date(values.publishAt).toISOString() : null,
  };
}

/** /admin/news/create and /admin/news/edit/:id. The edit route loads the article first. */
export function NewsFormScreen() {
  const { id } = useParams();
  // A new key for each article, so moving from the create form to the edit form starts afresh.
  return id === undefined ? <NewsForm key="new" heading="Create News" /> : <EditNews key={id} id={id} />;
}

function EditNews({ id }: { id: string }) {
  const query = useQuery(newsQueries.detail(id));
  return (
    <LoadFirst
      query={query}
      title="Edit News"
      loading="Loading the article"
      logAs="Loading the article failed"
      failed={(error) => (
        <>
          <Alert>{errorMessage(error, 'Could not load the article. Please try again.')}</Alert>
          <Link to={paths.news.list}>Back to the news</Link>
        </>
      )}
    >
      {(article) => <NewsForm article={article} heading="Edit News" />}
    </LoadFirst>
  );
}

function NewsForm({ article, heading }: { article?: News; heading: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateNews();
  const update = useUpdateNews();
  const upload = useUploadNewsPhoto();
  const removePhoto = useRemoveNewsPhoto();
  const notify = useNotify();

  const state = location.state as NewsFormState | null;
  const returnTo = returnSearch(state);
  const [file, setFile] = useState<File | null>(null);
  // "Remove photo": the stored photo goes with the next save (Cancel keeps it).
  const [removing, setRemoving] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>(state?.photoError);
  const [progress, setProgress] = useState<number | null>(null);

  const { bind, formError, saving, guard, form, refused, values } = useForm<NewsValues, News>({
    initial: article
      ? {
          title: article.title,
          description: article.description,
          about: article.about,
          slug: article.slug,
          photoAlt: article.photoAlt ?? '',
          status: article.status,
          publishAt: toLocalInput(article.publishAt),
        }
      : EMPTY,
    save: (values) => (article ? update.mutateAsync({ id: itemId(article), input: toInput(values) }) : create.mutateAsync(toInput(values))),
    onSaved: async (saved) => {
      // The spec sends the photo form after every save, even without a file.
      try {
        if (removing && !file && article?.photo) await removePhoto.mutateAsync(itemId(saved));
        if (file) setProgress(0);
        await upload.mutateAsync({ id: itemId(saved), file, onProgress: setProgress });
      } catch (error) {
        console.error('Uploading the photo failed', error);
        const message =
          (error instanceof ApiError && error.fieldErrors.photo?.msg) ||
          errorMessage(error, 'Could not upload the photo. Please try again.');
        setProgress(null);
        if (article) {
          setPhotoError(message);
          refused();
        } else {
          // The article exists now: become its edit form, so trying again does not create another.
          navigate(paths.news.edit(itemId(saved)), { replace: true, state: { photoError: message } satisfies NewsFormState });
        }
        return;
      }
      notify({ message: article ? 'News updated' : 'News created' });
      // A new article is the newest: the first page shows it. An edit goes back where it came from.
      navigate(article ? paths.news.list + returnTo : paths.news.list);
    },
    fallback: 'Could not save. Please try again.',
    logAs: 'Saving the article failed',
    changed: file !== null || removing,
    // A refusal carried over from the create form takes the focus like any other.
    refusedAtStart: photoError !== undefined,
  });

  return (
    <section className="screen">
      <PageHeader title={heading} />
      <form {...form} className="form">
        {formError && <Alert>{formError}</Alert>}
        <PhotoPicker
          file={file}
          onFile={(picked) => {
            setFile(picked);
            if (picked) setRemoving(false);
          }}
          removing={removing}
          onRemoving={setRemoving}
          current={article?.photo ? photoUrl(article.photo) : null}
          error={photoError}
          onError={setPhotoError}
          progress={progress}
        />
        <TextField
          label="Alternative text for the photo"
          hint="What the photo shows, for people who cannot see it. Up to 200 characters."
          maxLength={200}
          {...bind('photoAlt')}
        />
        <TextField label="Title" hint="Up to 200 characters." {...bind('title')} />
        <TextField
          label="Web address (left blank: made for you)"
          hint="Lower-case letters a–z, digits and single hyphens between words; up to 80 characters."
          {...bind('slug')}
        />
        <SelectField label="Status" {...bind('status')}>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </SelectField>
        <TextField label="Publish at (blank: at once)" type="datetime-local" {...bind('publishAt')} />
        <TextAreaField label="Description" hint="Up to 1,000 characters." rows={3} {...bind('description')} />
        <AboutField about={values.about} bound={bind('about')} />
        <FormActions submit={heading} busy={saving} cancelTo={paths.news.list} onCancel={guard.release} />
      </form>
      {guard.dialog}
    </section>
  );
}

/** About with Write / Preview tabs: the preview is the server's rendering (the public page's rules). */
function AboutField({ about, bound }: { about: string; bound: Omit<Parameters<typeof TextAreaField>[0], 'label'> }) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ html?: string; error?: string } | null>(null);
  const show = async (next: 'write' | 'preview') => {
    setTab(next);
    if (next !== 'preview') return;
    setPreview(null);
    try {
      setPreview({ html: (await previewAbout(about)).html });
    } catch (error) {
      setPreview({ error: errorMessage(error, 'Could not show the preview. Please try again.') });
    }
  };
  return (
    <div className="about-field">
      <div role="tablist" aria-label="Write or preview" className="about-field__tabs">
        <button type="button" role="tab" aria-selected={tab === 'write'} onClick={() => void show('write')}>
          Write
        </button>
        <button type="button" role="tab" aria-selected={tab === 'preview'} onClick={() => void show('preview')}>
          Preview
        </button>
      </div>
      <div role="tabpanel" hidden={tab !== 'write'}>
        <TextAreaField label="About" hint="Markdown, up to 20,000 characters." rows={10} {...bound} />
      </div>
      {tab === 'preview' && (
        <div role="tabpanel" aria-label="Preview" className="about-field__preview" aria-busy={preview === null}>
          {preview === null && <p>Loading the preview</p>}
          {preview?.error && <Alert>{preview.error}</Alert>}
          {/* The server's rendering: raw HTML escaped, only http(s) and mailto links (server/common/markdown.ts). */}
          {preview?.html !== undefined && <div dangerouslySetInnerHTML={{ __html: preview.html }} />}
        </div>
      )}
    </div>
  );
}
