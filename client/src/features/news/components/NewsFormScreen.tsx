import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { SelectField, TextAreaField, TextField } from '../../../components/Field';
import { useVersionedSave } from '../../../components/ConflictDialog';
import { FormActions } from '../../../components/FormActions';
import { HistoryPanel } from '../../../components/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ReviewBanner, SendBack } from '../../../components/ReviewParts';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst, useForm } from '../../../components/useForm';
import { DraftBanner, useDraftActions } from '../../../components/WorkingCopy';
import { ApiError, errorMessage, itemId } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { draftToOpen, isDraft, versionOf, type Draft, type RestoreReply, type Snapshot } from '../../../lib/revisions';
import { returnSearch, type ReturnState } from '../../../lib/search-params';
import {
  NEWS_FIELDS,
  newsDraft,
  newsHistory,
  newsQueries,
  newsSnapshot,
  photoUrl,
  storePhoto,
  submitNews,
  useCreateNews,
  useSendBackNews,
  useUpdateNews,
  type News,
  type NewsInput,
  previewAbout,
} from '../api/news';
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

/** The form's values from an article, or from a working copy's snapshot laid over it. */
function valuesOf(article: News): NewsValues {
  return {
    title: article.title,
    description: article.description,
    about: article.about,
    slug: article.slug,
    photoAlt: article.photoAlt ?? '',
    status: article.status,
    publishAt: toLocalInput(article.publishAt),
  };
}

/** The article as its working copy has it: the snapshot's fields over the live ones. */
function withDraft(article: News, draft: Draft): News {
  return { ...article, ...(draft.snapshot as Partial<News>) };
}

/** /admin/news/create and /admin/news/edit/:id. The edit route loads the article first. */
export function NewsFormScreen() {
  const { id } = useParams();
  // A new key for each article, so moving from the create form to the edit form starts afresh.
  return id === undefined ? <NewsForm key="new" heading="Create News" /> : <EditNews key={id} id={id} />;
}

function EditNews({ id }: { id: string }) {
  const query = useQuery(newsQueries.detail(id));
  const draft = useQuery(newsQueries.draft(id));
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const focus = Number(params.get('revision')) || undefined;
  // Counts the times the form starts again (a restore, a discard, their copy taken after a conflict).
  const [generation, setGeneration] = useState(0);
  const canPublish = useCan('news.publish');
  const failed = (error: Error) => (
    <>
      <Alert>{errorMessage(error, 'Could not load the article. Please try again.')}</Alert>
      <Link to={paths.news.list}>Back to the news</Link>
    </>
  );
  const restart = (article: News | null, working: Draft | null | undefined) => {
    if (article) queryClient.setQueryData(newsQueries.detail(id).queryKey, { ...article, aboutHtml: '' });
    if (working !== undefined) queryClient.setQueryData(newsQueries.draft(id).queryKey, working);
    setGeneration((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: newsQueries.all() });
  };
  return (
    <LoadFirst query={query} title="Edit News" loading="Loading the article" logAs="Loading the article failed" failed={failed}>
      {(article) => (
        <LoadFirst query={draft} title="Edit News" loading="Loading the article" logAs="Loading the article's draft failed" failed={failed}>
          {(working) => (
            <>
              <NewsForm key={generation} article={article} draft={working} heading="Edit News" onRestart={restart} />
              {/* Outside the form, which starts again after a restore: the panel stays as it was. */}
              <HistoryPanel
                source={newsHistory(id)}
                version={() => versionOf(article)}
                focus={focus}
                photoUrl={photoUrl}
                publish={canPublish}
                onRestored={(reply: RestoreReply<News>) => restart(reply.item, reply.to === 'draft' ? reply.draft : undefined)}
              />
            </>
          )}
        </LoadFirst>
      )}
    </LoadFirst>
  );
}

function NewsForm({
  article: live,
  draft = null,
  heading,
  onRestart,
}: {
  article?: News;
  /** The article's working copy (edit form only). */
  draft?: Draft | null;
  heading: string;
  /** The form starts again from this live copy (null: as cached) and working copy (undefined: as cached). */
  onRestart?: (article: News | null, draft: Draft | null | undefined) => void;
}) {
  // The form opens on the working copy when there is one to go on from (see draftToOpen).
  const [opened] = useState(() => (live ? draftToOpen(draft, live) : null));
  const article = live && opened ? withDraft(live, opened.draft) : live;
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateNews();
  const update = useUpdateNews();
  const notify = useNotify();
  // Without it (an author) there is no Status or Publish at: their article stays a draft until an editor publishes it.
  const canPublish = useCan('news.publish');
  const readsCounts = useCan('analytics.read');

  const returnTo = returnSearch(location.state as NewsFormState | null);
  const [file, setFile] = useState<File | null>(null);
  // "Remove photo": the stored photo goes with the next save (Cancel keeps it).
  const [removing, setRemoving] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  // "Submit for review" (an author): the save is followed by the submission, then the list.
  const review = useRef(false);
  const sendBack = useSendBackNews();
  // The chosen file once stored: a save refused for another field is sent again naming the same
  // photo, without storing it again.
  const stored = useRef<{ file: File; photo: string } | null>(null);
  // The same, for the render: the working copy names a chosen photo once it is stored.
  const [storedPhoto, setStoredPhoto] = useState<{ file: File; photo: string } | null>(null);

  /** The save's `photo`: the chosen file's path (stored first), null to remove it, or left out to keep it. */
  const photoToSave = async (): Promise<string | null | undefined> => {
    if (!file) return removing && article?.photo ? null : undefined;
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
  };

  const versioned = useVersionedSave<News | Draft>({
    version: versionOf(live),
    what: 'this article',
    fields: NEWS_FIELDS,
    photoUrl,
    snapshotOf: (current) => (isDraft(current) ? current.snapshot : newsSnapshot(current)),
  });
  const sent = useRef<NewsValues>(EMPTY);

  const { bind, formError, saving, guard, form, values } = useForm<NewsValues, News | Draft>({
    initial: article ? valuesOf(article) : { ...EMPTY, status: canPublish ? 'published' : 'draft' },
    // One save: the chosen photo is stored first (POST /api/photos), then the article is sent once, naming it.
    save: async (values): Promise<News | Draft> => {
      setPhotoError(undefined);
      sent.current = values;
      try {
        const photo = await photoToSave();
        // A photo the working copy holds, not yet live, goes with the save like a chosen one.
        const held = photo === undefined && article && live && article.photo !== live.photo ? article.photo : undefined;
        const chosen = photo === undefined ? held : photo;
        const input: NewsInput = chosen === undefined ? toInput(values) : { ...toInput(values), photo: chosen };
        const saved = article
          ? await drafts.run(input as Snapshot, (ifMatch: number | undefined) =>
              update.mutateAsync({ id: itemId(article), input, ifMatch }),
            )
          : await create.mutateAsync(input);
        // Saved first (the article, or a live one's draft), then to the editors.
        if (!review.current) return saved;
        return await submitNews(article ? itemId(article) : itemId(saved as News));
      } catch (error) {
        // A refused save is not submitted; the next click says again what it is.
        review.current = false;
        const refusal = error instanceof ApiError ? error.fieldErrors.photo?.msg : undefined;
        if (refusal) {
          // Refused on upload or on save (e.g. stored too long ago): the next save stores the file again.
          stored.current = null;
          setStoredPhoto(null);
          setPhotoError(refusal);
        }
        throw error;
      }
    },
    // Save draft keeps the form open; the other saves go on to the list.
    stay: () => sent.current,
    onSaved: (reply) => {
      if (review.current) {
        review.current = false;
        guard.release();
        notify({ message: 'Submitted for review' });
        navigate(article ? paths.news.list + returnTo : paths.news.list);
        return;
      }
      if (isDraft(reply)) {
        notify({ message: 'Draft saved' });
        return;
      }
      guard.release();
      notify({ message: drafts.lastMode() === 'publish' ? 'Changes published' : article ? 'News updated' : 'News created' });
      // A new article is the newest: the first page shows it. An edit goes back where it came from.
      navigate(article ? paths.news.list + returnTo : paths.news.list);
    },
    fallback: 'Could not save. Please try again.',
    logAs: 'Saving the article failed',
    changed: file !== null || removing,
    // The photo picker shows the photo's refusal itself.
    shownElsewhere: ['photo'],
  });

  // What the working copy would hold now: the photo only once stored (or removed).
  const photoNow = file ? (storedPhoto?.file === file ? storedPhoto.photo : undefined) : removing ? null : article?.photo;
  const drafts = useDraftActions<News>({
    source: live ? newsDraft(itemId(live)) : null,
    initial: draft,
    snapshot: { ...toInput(values), ...(photoNow === undefined ? {} : { photo: photoNow }) },
    published: live?.status === 'published',
    publish: canPublish,
    versioned,
    onReload: (current) => (isDraft(current) ? onRestart?.(null, current) : onRestart?.(current, undefined)),
    onDiscarded: () => onRestart?.(null, null),
  });
  return (
    <section className="screen">
      <PageHeader title={heading} />
      {opened && <DraftBanner draft={opened.draft} restored={opened.restored} onDiscard={drafts.askDiscard} />}
      {live && <ReviewBanner item={live} reviewer={canPublish} />}
      {article && readsCounts && <ArticleVisitors slug={article.slug} />}
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
        {canPublish && (
          <>
            <SelectField label="Status" {...bind('status')}>
              <option value="published">Published</option>
              <option value="draft">Draft</option>
            </SelectField>
            <TextField label="Publish at (blank: at once)" type="datetime-local" {...bind('publishAt')} />
          </>
        )}
        <TextAreaField label="Description" hint="Up to 1,000 characters." rows={3} {...bind('description')} />
        <AboutField about={values.about} bound={bind('about')} />
        <FormActions submit={heading} busy={saving} cancelTo={paths.news.list} onCancel={guard.release}>
          {drafts.buttons}
          {!canPublish && (
            <button
              type="button"
              className="button"
              onClick={(event) => {
                // Through the form's one save (its refusals, sign-in again), as Save draft does.
                if (!event.currentTarget.form || event.currentTarget.form.getAttribute('aria-busy') === 'true') return;
                review.current = true;
                event.currentTarget.form.requestSubmit();
              }}
            >
              Submit for review
            </button>
          )}
          {canPublish && live?.review === 'submitted' && (
            <SendBack
              onSend={async (note) => {
                await sendBack.mutateAsync({ id: itemId(live), note });
                guard.release();
                notify({ message: 'Sent back to the author' });
                navigate(paths.news.list + returnTo);
              }}
            />
          )}
        </FormActions>
        {live && drafts.status}
      </form>
      {guard.dialog}
      {versioned.dialog}
      {drafts.dialog}
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
