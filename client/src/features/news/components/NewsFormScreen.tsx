import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
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
import { newsQueries, photoUrl, storePhoto, useCreateNews, useUpdateNews, type News, type NewsInput, previewAbout } from '../api/news';
import { ArticleVisitors } from './ArticleVisitors';
import { PhotoPicker } from './PhotoPicker';
import './NewsFormScreen.css';

/** Navigation state the form reads. */
export type NewsFormState = ReturnState;

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
  const notify = useNotify();

  const returnTo = returnSearch(location.state as NewsFormState | null);
  const [file, setFile] = useState<File | null>(null);
  // "Remove photo": the stored photo goes with the next save (Cancel keeps it).
  const [removing, setRemoving] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  // The chosen file once stored: a save refused for another field is sent again naming the same
  // photo, without storing it again.
  const stored = useRef<{ file: File; photo: string } | null>(null);

  /** The save's `photo`: the chosen file's path (stored first), null to remove it, or left out to keep it. */
  const photoToSave = async (): Promise<string | null | undefined> => {
    if (!file) return removing && article?.photo ? null : undefined;
    if (stored.current?.file !== file) {
      setProgress(0);
      try {
        stored.current = { file, photo: (await storePhoto(file, setProgress)).photo };
      } finally {
        setProgress(null);
      }
    }
    return stored.current.photo;
  };

  const { bind, formError, saving, guard, form, values } = useForm<NewsValues, News>({
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
    // One save: the chosen photo is stored first (POST /api/photos), then the article is sent once, naming it.
    save: async (values) => {
      setPhotoError(undefined);
      try {
        const photo = await photoToSave();
        const input: NewsInput = photo === undefined ? toInput(values) : { ...toInput(values), photo };
        return await (article ? update.mutateAsync({ id: itemId(article), input }) : create.mutateAsync(input));
      } catch (error) {
        const refusal = error instanceof ApiError ? error.fieldErrors.photo?.msg : undefined;
        if (refusal) {
          // Refused on upload or on save (e.g. stored too long ago): the next save stores the file again.
          stored.current = null;
          setPhotoError(refusal);
        }
        throw error;
      }
    },
    onSaved: () => {
      notify({ message: article ? 'News updated' : 'News created' });
      // A new article is the newest: the first page shows it. An edit goes back where it came from.
      navigate(article ? paths.news.list + returnTo : paths.news.list);
    },
    fallback: 'Could not save. Please try again.',
    logAs: 'Saving the article failed',
    changed: file !== null || removing,
    // The photo picker shows the photo's refusal itself.
    shownElsewhere: ['photo'],
  });

  return (
    <section className="screen">
      <PageHeader title={heading} />
      {article && <ArticleVisitors slug={article.slug} />}
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
