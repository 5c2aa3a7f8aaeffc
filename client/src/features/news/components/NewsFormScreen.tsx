import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ForbiddenScreen } from '../../../app/ForbiddenScreen';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { AddressField, siteAddress } from '../../../components/AddressField';
import { TextAreaField, TextField } from '../../../components/Field';
import { MarkdownField } from '../../../components/MarkdownField';
import { PublicationStatus } from '../../../components/PublishControl';
import { useVersionedSave } from '../../../components/ConflictDialog';
import { FormActions } from '../../../components/FormActions';
import { HistoryPanel } from '../../../components/HistoryPanel';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { TranslatorView } from '../../../components/TranslatorView';
import { PageHeader } from '../../../components/PageHeader';
import { ReviewBanner } from '../../../components/ReviewParts';
import { useNotify } from '../../../components/Toaster';
import { usePhotoField } from '../../../components/usePhotoField';
import { LoadFirst, useForm } from '../../../components/useForm';
import { DraftBanner, useDraftActions } from '../../../components/WorkingCopy';
import { useFocusSaveOnStart, useWritingFlow } from '../../../components/WritingFlow';
import { errorMessage, itemId } from '../../../lib/api';
import { useCan, useMayEdit } from '../../../lib/can';
import { draftToOpen, isDraft, versionOf, type Draft, type RestoreReply, type Snapshot } from '../../../lib/revisions';
import { returnSearch, type ReturnState } from '../../../lib/search-params';
import { useEditLanguage, useSiteLanguages } from '../../../lib/translations';
import {
  NEWS_FIELDS,
  NEWS_TRANSLATED_FIELDS,
  newsDraft,
  newsHistory,
  newsQueries,
  newsSnapshot,
  newsTranslations,
  photoUrl,
  submitNews,
  useCreateNews,
  useSendBackNews,
  useUpdateNews,
  type News,
  type NewsInput,
  previewAbout,
} from '../api/news';
import { ArticleVisitors } from './ArticleVisitors';
import { photoSrcset } from './NewsPhoto';
import { PhotoPicker } from './PhotoPicker';

/** Navigation state the form reads (`saved`: a new article's first save led here, Save keeps the focus). */
export type NewsFormState = ReturnState & { saved?: boolean };

/** The form's values: all text, as the fields hold them (status and publishAt as Publish sets them). */
interface NewsValues {
  title: string;
  description: string;
  about: string;
  slug: string;
  photoAlt: string;
  status: 'draft' | 'published';
  publishAt: string;
}

/** A new article starts as a draft (the API's own default stays published, as the contract says). */
const EMPTY: NewsValues = { title: '', description: '', about: '', slug: '', photoAlt: '', status: 'draft', publishAt: '' };

function toInput(values: NewsValues): NewsInput {
  return { ...values, publishAt: values.publishAt || null };
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
    publishAt: article.publishAt ?? '',
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
  // After a save the form starts again with the focus back on Save, where the keyboard left it.
  const state = useLocation().state as NewsFormState | null;
  const [afterSave, setAfterSave] = useState(() => state?.saved === true);
  const canPublish = useCan('news.publish');
  // An author changes only the articles they created: another's, opened by its address, is not theirs to open.
  const mayEdit = useMayEdit('news.publish');
  // With more than one language, the screen edits the default language's article or a translation (issue #41).
  const languages = useSiteLanguages();
  const [translating, chooseLanguage] = useEditLanguage(languages);
  const switcher = languages && <LanguageSwitcher languages={languages} current={translating} onChoose={chooseLanguage} />;
  const failed = (error: Error) => (
    <>
      <Alert>{errorMessage(error, 'Could not load the article. Please try again.')}</Alert>
      <Link to={paths.news.list}>Back to the news</Link>
    </>
  );
  const restart = (article: News | null, working: Draft | null | undefined, saved = false) => {
    setAfterSave(saved);
    if (article) queryClient.setQueryData(newsQueries.detail(id).queryKey, { ...article, aboutHtml: '' });
    if (working !== undefined) queryClient.setQueryData(newsQueries.draft(id).queryKey, working);
    setGeneration((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: newsQueries.all() });
  };
  return (
    <LoadFirst query={query} title="Edit News" loading="Loading the article" logAs="Loading the article failed" failed={failed}>
      {(article) =>
        !mayEdit(article) ? (
          <ForbiddenScreen />
        ) : translating && languages ? (
          <section className="screen">
            <PageHeader title="Edit News" />
            {switcher}
            <TranslatorView
              source={newsTranslations(id)}
              fields={NEWS_TRANSLATED_FIELDS}
              original={article}
              language={translating}
              defaultLanguage={languages.default}
              canPublish={canPublish}
              addressBase={(lang) => siteAddress(paths.siteArticleIn(lang, ''))}
              render={previewAbout}
            />
          </section>
        ) : (
          <LoadFirst
            query={draft}
            title="Edit News"
            loading="Loading the article"
            logAs="Loading the article's draft failed"
            failed={failed}
          >
            {(working) => (
              <>
                <NewsForm
                  key={generation}
                  article={article}
                  draft={working}
                  heading="Edit News"
                  onRestart={restart}
                  afterSave={afterSave}
                  switcher={switcher}
                />
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
        )
      }
    </LoadFirst>
  );
}

function NewsForm({
  article: live,
  draft = null,
  heading,
  onRestart,
  afterSave = false,
  switcher,
}: {
  /** The edit screen's language switcher (a site of several languages). */
  switcher?: ReactNode;
  /** The form starts again after its own save: Save takes the focus. */
  afterSave?: boolean;
  article?: News;
  /** The article's working copy (edit form only). */
  draft?: Draft | null;
  heading: string;
  /** The form starts again from this live copy (null: as cached) and working copy (undefined: as cached). */
  onRestart?: (article: News | null, draft: Draft | null | undefined, saved?: boolean) => void;
}) {
  // The form opens on the working copy when there is one to go on from (see draftToOpen).
  const [opened] = useState(() => (live ? draftToOpen(draft, live) : null));
  const article = live && opened ? withDraft(live, opened.draft) : live;
  const navigate = useNavigate();
  // Cancel goes back to the list's page or search the form came from.
  const location = useLocation();
  const returnTo = returnSearch(location.state as NewsFormState | null);
  const create = useCreateNews();
  const update = useUpdateNews();
  const notify = useNotify();
  const sendBack = useSendBackNews();
  const flow = useWritingFlow({
    noun: 'News',
    sitePath: paths.siteArticle,
    review: { submit: submitNews, sendBack: (id, note) => sendBack.mutateAsync({ id, note }) },
  });
  const photo = usePhotoField(article?.photo);
  // Without it (an author) there is no Publish…, Unpublish or Publish changes: their article stays a draft until an editor publishes it.
  const canPublish = useCan('news.publish');
  const readsCounts = useCan('analytics.read');
  // After a submission or a send-back the form is done with: back to the list's page or search it came from.
  const leave = (message: string) => {
    guard.release();
    notify({ message });
    navigate(paths.news.list + returnTo);
  };

  const versioned = useVersionedSave<News | Draft>({
    version: versionOf(live),
    what: 'this article',
    fields: NEWS_FIELDS,
    photoUrl,
    snapshotOf: (current) => (isDraft(current) ? current.snapshot : newsSnapshot(current)),
  });
  const sent = useRef<NewsValues>(EMPTY);

  const { bind, formError, saving, guard, form, values, dirty } = useForm<NewsValues, News | Draft>({
    initial: article ? valuesOf(article) : EMPTY,
    // One save: the chosen photo is stored first (POST /api/photos), then the article is sent once, naming it.
    save: async (typed): Promise<News | Draft> => {
      const values = flow.apply(typed);
      sent.current = values;
      try {
        const chosen = await photo.toSave();
        // A photo the working copy holds, not yet live, goes with the save like a chosen one.
        const held = chosen === undefined && article && live && article.photo !== live.photo ? article.photo : undefined;
        const named = chosen === undefined ? held : chosen;
        const input: NewsInput = named === undefined ? toInput(values) : { ...toInput(values), photo: named };
        const saved = article
          ? await drafts.run(input as Snapshot, (ifMatch: number | undefined) =>
              update.mutateAsync({ id: itemId(article), input, ifMatch }),
            )
          : await create.mutateAsync(input);
        // Saved first (the article, or a live one's draft), then to the editors when asked.
        return await flow.submitIfAsked(saved, () => (article ? itemId(article) : itemId(saved as News)));
      } catch (error) {
        flow.failed();
        photo.refused(error);
        throw error;
      }
    },
    // Every save keeps the form open (issue #38): a new article's goes on to its edit form.
    stay: () => sent.current,
    onSaved: (reply) => {
      const { message, leave: done } = flow.saved(isDraft(reply) ? { draft: true } : { draft: false, ...reply }, {
        shown: article?.slug,
        created: !article,
        lastMode: drafts.lastMode(),
      });
      if (done) return leave(message);
      notify({ message });
      if (isDraft(reply)) return;
      guard.release();
      // A new article goes on to its own edit form; an edit starts again from what was saved.
      if (!article)
        navigate(paths.news.edit(itemId(reply)), { replace: true, state: { ...(location.state as NewsFormState | null), saved: true } });
      else onRestart?.(reply, null, true);
    },
    fallback: 'Could not save. Please try again.',
    logAs: 'Saving the article failed',
    changed: photo.changed,
    // The photo picker shows the photo's refusal itself.
    shownElsewhere: ['photo'],
  });

  const drafts = useDraftActions<News>({
    source: live ? newsDraft(itemId(live)) : null,
    initial: draft,
    snapshot: { ...toInput(values), ...(photo.now === undefined ? {} : { photo: photo.now }) },
    published: live?.status === 'published',
    publish: canPublish,
    versioned,
    onReload: (current) => (isDraft(current) ? onRestart?.(null, current) : onRestart?.(current, undefined)),
    onDiscarded: () => onRestart?.(null, null),
  });
  useFocusSaveOnStart(afterSave, form.ref);

  return (
    <section className="screen">
      <PageHeader title={heading} />
      {switcher}
      <PublicationStatus item={live} href={paths.siteArticle(live?.slug ?? '')} />
      {opened && <DraftBanner draft={opened.draft} restored={opened.restored} onDiscard={drafts.askDiscard} />}
      {live && <ReviewBanner item={live} reviewer={canPublish} />}
      {article && readsCounts && <ArticleVisitors slug={article.slug} />}
      <form {...form} className="form">
        {formError && <Alert>{formError}</Alert>}
        <PhotoPicker
          {...photo.picker}
          currentSrcSet={article?.photo && article.photoWidth ? photoSrcset(article.photo, article.photoWidth) : undefined}
        />
        <TextField
          label="Alternative text for the photo"
          hint="What the photo shows, for people who cannot see it. Up to 200 characters."
          maxLength={200}
          {...bind('photoAlt')}
        />
        <TextField label="Title" hint="Up to 200 characters." {...bind('title')} />
        <AddressField
          label="Web address (left blank: made for you)"
          hint="Lower-case letters a–z, digits and single hyphens between words; up to 80 characters."
          base={siteAddress(paths.siteArticle(''))}
          {...bind('slug')}
        />
        <TextAreaField label="Description" hint="Up to 1,000 characters." rows={3} {...bind('description')} />
        <MarkdownField label="About" hint="Markdown, up to 20,000 characters." rows={10} render={previewAbout} {...bind('about')} />
        <FormActions submit={heading} busy={saving} cancelTo={paths.news.list + returnTo} onCancel={guard.release}>
          {flow.actions({ live, dirty, saving, form: form.ref, drafts, publish: canPublish, onLeave: leave })}
        </FormActions>
        {live && drafts.status}
      </form>
      {guard.dialog}
      {versioned.dialog}
      {drafts.dialog}
    </section>
  );
}
