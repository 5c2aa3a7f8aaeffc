import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ForbiddenScreen } from '../../../app/ForbiddenScreen';
import { paths } from '../../../app/paths';
import { AddressField, siteAddress } from '../../../components/AddressField';
import { Alert } from '../../../components/Alert';
import { useVersionedSave } from '../../../components/ConflictDialog';
import { TextAreaField, TextField } from '../../../components/Field';
import { FormActions } from '../../../components/FormActions';
import { HistoryPanel } from '../../../components/HistoryPanel';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { MarkdownField } from '../../../components/MarkdownField';
import { PageHeader } from '../../../components/PageHeader';
import { PhotoPicker } from '../../../components/PhotoPicker';
import { PublicationStatus } from '../../../components/PublishControl';
import { ReviewBanner } from '../../../components/ReviewParts';
import { useNotify } from '../../../components/Toaster';
import { TranslatorView } from '../../../components/TranslatorView';
import { usePhotoField } from '../../../components/usePhotoField';
import { LoadFirst, useForm } from '../../../components/useForm';
import { DraftBanner, useDraftActions } from '../../../components/WorkingCopy';
import { useFocusSaveOnStart, useWritingFlow } from '../../../components/WritingFlow';
import { errorMessage, itemId } from '../../../lib/api';
import { useCan, useMayEdit } from '../../../lib/can';
import { photoUrl } from '../../../lib/photos';
import { draftToOpen, isDraft, versionOf, type Draft, type RestoreReply, type Snapshot } from '../../../lib/revisions';
import { returnSearch, type ReturnState } from '../../../lib/search-params';
import { useEditLanguage, useSiteLanguages } from '../../../lib/translations';
import {
  PAGE_FIELDS,
  PAGE_TRANSLATED_FIELDS,
  pageDraft,
  pageHistory,
  pageSnapshot,
  pageTranslations,
  pagesQueries,
  previewBody,
  submitPage,
  useCreatePage,
  useSendBackPage,
  useUpdatePage,
  type Page,
  type PageInput,
} from '../api/pages';

/** Navigation state the form reads (`saved`: a new page's first save led here, Save keeps the focus). */
export type PageFormState = ReturnState & { saved?: boolean };

/** The form's values: all text, as the fields hold them (status and publishAt as Publish sets them). */
interface PageValues {
  title: string;
  slug: string;
  body: string;
  description: string;
  photoAlt: string;
  status: 'draft' | 'published';
  publishAt: string;
}

// A new page starts as a draft: it reaches the site (and its menus) when someone publishes it
// (the API's own default stays published, as the contract says).
const EMPTY: PageValues = { title: '', slug: '', body: '', description: '', photoAlt: '', status: 'draft', publishAt: '' };

function toInput(values: PageValues): PageInput {
  return { ...values, publishAt: values.publishAt || null };
}

function valuesOf(page: Page): PageValues {
  return {
    title: page.title,
    slug: page.slug,
    body: page.body,
    description: page.description,
    photoAlt: page.photoAlt ?? '',
    status: page.status,
    publishAt: page.publishAt ?? '',
  };
}

/** The page as its working copy has it: the snapshot's fields over the live ones. */
function withDraft(page: Page, draft: Draft): Page {
  return { ...page, ...(draft.snapshot as Partial<Page>) };
}

/** /admin/pages/create and /admin/pages/edit/:id. The edit route loads the page first. */
export function PageFormScreen() {
  const { id } = useParams();
  // A new key for each page, so moving from the create form to the edit form starts afresh.
  return id === undefined ? <PageForm key="new" heading="Create Page" /> : <EditPage key={id} id={id} />;
}

function EditPage({ id }: { id: string }) {
  const query = useQuery(pagesQueries.detail(id));
  const draft = useQuery(pagesQueries.draft(id));
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const focus = Number(params.get('revision')) || undefined;
  // Counts the times the form starts again (a restore, a discard, their copy taken after a conflict).
  const [generation, setGeneration] = useState(0);
  const canPublish = useCan('pages.publish');
  // An author changes only the pages they created: another's, opened by its address, is not theirs to open.
  const mayEdit = useMayEdit('pages.publish');
  // With more than one language, the screen edits the default language's page or a translation (issue #41).
  const languages = useSiteLanguages();
  const [translating, chooseLanguage] = useEditLanguage(languages);
  const switcher = languages && <LanguageSwitcher languages={languages} current={translating} onChoose={chooseLanguage} />;
  // After a save the form starts again with the focus back on Save, where the keyboard left it.
  const state = useLocation().state as PageFormState | null;
  const [afterSave, setAfterSave] = useState(() => state?.saved === true);
  const failed = (error: Error) => (
    <>
      <Alert>{errorMessage(error, 'Could not load the page. Please try again.')}</Alert>
      <Link to={paths.pages.list}>Back to the pages</Link>
    </>
  );
  const restart = (page: Page | null, working: Draft | null | undefined, saved = false) => {
    setAfterSave(saved);
    // The detail carries the rendered body, which a save's reply does not: it is fetched again.
    if (page) queryClient.setQueryData(pagesQueries.detail(id).queryKey, { ...page, bodyHtml: '' });
    if (working !== undefined) queryClient.setQueryData(pagesQueries.draft(id).queryKey, working);
    setGeneration((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: pagesQueries.all() });
  };
  return (
    <LoadFirst query={query} title="Edit Page" loading="Loading the page" logAs="Loading the page failed" failed={failed}>
      {(page) =>
        !mayEdit(page) ? (
          <ForbiddenScreen />
        ) : translating && languages ? (
          <section className="screen">
            <PageHeader title="Edit Page" />
            {switcher}
            <TranslatorView
              source={pageTranslations(id)}
              fields={PAGE_TRANSLATED_FIELDS}
              original={page}
              language={translating}
              defaultLanguage={languages.default}
              canPublish={canPublish}
              addressBase={(lang) => siteAddress(paths.sitePageIn(lang, ''))}
              render={previewBody}
            />
          </section>
        ) : (
          <LoadFirst query={draft} title="Edit Page" loading="Loading the page" logAs="Loading the page's draft failed" failed={failed}>
            {(working) => (
              <>
                <PageForm
                  key={generation}
                  page={page}
                  draft={working}
                  heading="Edit Page"
                  onRestart={restart}
                  afterSave={afterSave}
                  switcher={switcher}
                />
                {/* Outside the form, which starts again after a restore: the panel stays as it was. */}
                <HistoryPanel
                  source={pageHistory(id)}
                  version={() => versionOf(page)}
                  focus={focus}
                  photoUrl={photoUrl}
                  publish={canPublish}
                  onRestored={(reply: RestoreReply<Page>) => restart(reply.item, reply.to === 'draft' ? reply.draft : undefined)}
                />
              </>
            )}
          </LoadFirst>
        )
      }
    </LoadFirst>
  );
}

function PageForm({
  page: live,
  draft = null,
  heading,
  onRestart,
  afterSave = false,
  switcher,
}: {
  /** The form starts again after its own save: Save takes the focus. */
  afterSave?: boolean;
  /** The edit screen's language switcher (a site of several languages). */
  switcher?: ReactNode;
  page?: Page;
  /** The page's working copy (edit form only). */
  draft?: Draft | null;
  heading: string;
  /** The form starts again from this live copy (null: as cached) and working copy (undefined: as cached). */
  onRestart?: (page: Page | null, draft: Draft | null | undefined, saved?: boolean) => void;
}) {
  // The form opens on the working copy when there is one to go on from (see draftToOpen).
  const [opened] = useState(() => (live ? draftToOpen(draft, live) : null));
  const page = live && opened ? withDraft(live, opened.draft) : live;
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreatePage();
  const update = useUpdatePage();
  const notify = useNotify();
  const returnTo = returnSearch(location.state as PageFormState | null);
  const sendBack = useSendBackPage();
  const flow = useWritingFlow({
    noun: 'Page',
    sitePath: paths.sitePage,
    review: { submit: submitPage, sendBack: (id, note) => sendBack.mutateAsync({ id, note }) },
  });
  const photo = usePhotoField(page?.photo);
  // Without it (an author) there is no Publish…, Unpublish or Publish changes: the page stays a draft until an editor publishes it.
  const canPublish = useCan('pages.publish');
  // After a submission or a send-back the form is done with: back to the list's page or search it came from.
  const leave = (message: string) => {
    guard.release();
    notify({ message });
    navigate(paths.pages.list + returnTo);
  };

  const versioned = useVersionedSave<Page | Draft>({
    version: versionOf(live),
    what: 'this page',
    fields: PAGE_FIELDS,
    photoUrl,
    snapshotOf: (current) => (isDraft(current) ? current.snapshot : pageSnapshot(current)),
  });
  const sent = useRef<PageValues>(EMPTY);

  const { bind, formError, saving, guard, form, values, dirty } = useForm<PageValues, Page | Draft>({
    initial: page ? valuesOf(page) : EMPTY,
    // One save: the chosen photo is stored first (POST /api/photos), then the page is sent once, naming it.
    save: async (typed): Promise<Page | Draft> => {
      const values = flow.apply(typed);
      sent.current = values;
      try {
        const chosen = await photo.toSave();
        // A photo the working copy holds, not yet live, goes with the save like a chosen one.
        const held = chosen === undefined && page && live && page.photo !== live.photo ? page.photo : undefined;
        const named = chosen === undefined ? held : chosen;
        const input: PageInput = named === undefined ? toInput(values) : { ...toInput(values), photo: named };
        const saved = page
          ? await drafts.run(input as Snapshot, (ifMatch: number | undefined) => update.mutateAsync({ id: itemId(page), input, ifMatch }))
          : await create.mutateAsync(input);
        // Saved first (the page, or a live one's draft), then to the editors when asked.
        return await flow.submitIfAsked(saved, () => (page ? itemId(page) : itemId(saved as Page)));
      } catch (error) {
        flow.failed();
        photo.refused(error);
        throw error;
      }
    },
    // Every save keeps the form open (issue #38): a new page's goes on to its edit form.
    stay: () => sent.current,
    onSaved: (reply) => {
      const { message, leave: done } = flow.saved(isDraft(reply) ? { draft: true } : { draft: false, ...reply }, {
        shown: page?.slug,
        created: !page,
        lastMode: drafts.lastMode(),
      });
      if (done) return leave(message);
      notify({ message });
      if (isDraft(reply)) return;
      guard.release();
      // A new page goes on to its own edit form; an edit starts again from what was saved.
      if (!page)
        navigate(paths.pages.edit(itemId(reply)), { replace: true, state: { ...(location.state as PageFormState | null), saved: true } });
      else onRestart?.(reply, null, true);
    },
    fallback: 'Could not save. Please try again.',
    logAs: 'Saving the page failed',
    changed: photo.changed,
    // The photo picker shows the photo's refusal itself.
    shownElsewhere: ['photo'],
  });

  const drafts = useDraftActions<Page>({
    source: live ? pageDraft(itemId(live)) : null,
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
      <PublicationStatus item={live} href={paths.sitePage(live?.slug ?? '')} />
      {opened && <DraftBanner draft={opened.draft} restored={opened.restored} onDiscard={drafts.askDiscard} />}
      {live && <ReviewBanner item={live} reviewer={canPublish} />}
      <form {...form} className="form">
        {formError && <Alert>{formError}</Alert>}
        <TextField label="Title" hint="Up to 200 characters." {...bind('title')} />
        <AddressField
          label="Address (left blank: made from the title)"
          hint="Lower-case letters a–z, digits and single hyphens between words; up to 80 characters."
          base={siteAddress(paths.sitePage(''))}
          {...bind('slug')}
        />
        <MarkdownField label="Body" hint="Markdown, up to 20,000 characters." render={previewBody} {...bind('body')} />
        <TextAreaField
          label="Description"
          hint="For search engines and social cards: one or two sentences, up to 1,000 characters."
          rows={3}
          {...bind('description')}
        />
        <PhotoPicker {...photo.picker} />
        <TextField
          label="Alternative text for the photo"
          hint="What the photo shows, for people who cannot see it. Up to 200 characters."
          maxLength={200}
          {...bind('photoAlt')}
        />
        <FormActions submit={heading} busy={saving} cancelTo={paths.pages.list + returnTo} onCancel={guard.release}>
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
