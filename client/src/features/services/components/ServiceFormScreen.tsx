import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextAreaField, TextField } from '../../../components/Field';
import { useVersionedSave } from '../../../components/ConflictDialog';
import { FormActions } from '../../../components/FormActions';
import { HistoryPanel } from '../../../components/HistoryPanel';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { TranslatorView } from '../../../components/TranslatorView';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Toaster';
import { LoadFirst, useForm } from '../../../components/useForm';
import { DraftBanner, useDraftActions } from '../../../components/WorkingCopy';
import { ApiError, itemId } from '../../../lib/api';
import { draftToOpen, isDraft, versionOf, type Draft, type Snapshot } from '../../../lib/revisions';
import { returnSearch } from '../../../lib/search-params';
import { useEditLanguage, useSiteLanguages } from '../../../lib/translations';
import { useCan } from '../../../lib/can';
import {
  SERVICE_FIELDS,
  SERVICE_TRANSLATED_FIELDS,
  serviceDraft,
  serviceHistory,
  serviceQueries,
  serviceTranslations,
  useCreateService,
  useUpdateService,
  type Service,
  type ServiceInput,
} from '../api/services';

/** The list to go back to: the page the list was on when the form was opened, else page 1. */
function useListLocation() {
  return { pathname: paths.services.list, search: returnSearch(useLocation().state) };
}

/** /admin/service/create and /admin/service/edit/{id}. */
export function ServiceFormScreen() {
  const { id } = useParams();
  return id === undefined ? <CreateService /> : <EditService key={id} id={id} />;
}

function CreateService() {
  const create = useCreateService();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <ServiceForm
      title="Create Service"
      save={(input) => create.mutateAsync(input)}
      // A new service is the newest, so it shows first on page 1.
      onSaved={() => {
        notify({ message: 'Service created' });
        navigate(paths.services.list);
      }}
    />
  );
}

function EditService({ id }: { id: string }) {
  const query = useQuery(serviceQueries.detail(id));
  const draft = useQuery(serviceQueries.draft(id));
  const update = useUpdateService(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const list = useListLocation();
  const [params] = useSearchParams();
  const focus = Number(params.get('revision')) || undefined;
  // Counts the times the form starts again (a restore, a discard, their copy taken after a conflict).
  const [generation, setGeneration] = useState(0);
  // With more than one language, the screen edits the default language's service or a translation (issue #41).
  const languages = useSiteLanguages();
  const [translating, chooseLanguage] = useEditLanguage(languages);
  const switcher = languages && <LanguageSwitcher languages={languages} current={translating} onChoose={chooseLanguage} />;
  // Services have no review: whoever edits them publishes (services.write), as the server's rules say.
  const canPublish = useCan('services.write');

  const restart = (service: Service | null, working: Draft | null | undefined) => {
    if (service) queryClient.setQueryData(serviceQueries.detail(id).queryKey, service);
    if (working !== undefined) queryClient.setQueryData(serviceQueries.draft(id).queryKey, working);
    setGeneration((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: serviceQueries.all() });
  };

  const failed = (error: Error) => {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <>
        <Alert>{missing ? 'This service does not exist. It may have been deleted.' : 'Sorry, the service could not be loaded.'}</Alert>
        <p className="form__actions">
          {!missing && (
            <button type="button" className="button" onClick={() => void query.refetch()}>
              Try again
            </button>
          )}
          <Link to={list}>Back to Services</Link>
        </p>
      </>
    );
  };

  return (
    <LoadFirst query={query} title="Edit Service" loading="Loading the service" logAs="Loading the service failed" failed={failed}>
      {(service) =>
        translating && languages ? (
          <section className="screen">
            <PageHeader title="Edit Service" />
            {switcher}
            <TranslatorView
              source={serviceTranslations(id)}
              fields={SERVICE_TRANSLATED_FIELDS}
              original={service}
              language={translating}
              defaultLanguage={languages.default}
              canPublish={canPublish}
            />
          </section>
        ) : (
          <LoadFirst
            query={draft}
            title="Edit Service"
            loading="Loading the service"
            logAs="Loading the service's draft failed"
            failed={failed}
          >
            {(working) => (
              <>
                <ServiceForm
                  key={generation}
                  title="Edit Service"
                  initial={service}
                  edit={{ draft: working, onRestart: restart }}
                  save={(input, ifMatch) => update.mutateAsync({ input, ifMatch })}
                  onSaved={(published) => {
                    notify({ message: published ? 'Changes published' : 'Service updated' });
                    navigate(list);
                  }}
                  switcher={switcher}
                />
                {/* Outside the form, which starts again after a restore: the panel stays as it was. */}
                <HistoryPanel
                  source={serviceHistory(id)}
                  version={() => versionOf(service)}
                  focus={focus}
                  onRestored={(reply) => restart(reply.item, reply.to === 'draft' ? reply.draft : undefined)}
                />
              </>
            )}
          </LoadFirst>
        )
      }
    </LoadFirst>
  );
}

function ServiceForm({
  title,
  initial: live,
  edit,
  save,
  onSaved,
  switcher,
}: {
  title: 'Create Service' | 'Edit Service';
  /** The edit screen's language switcher (a site of several languages). */
  switcher?: ReactNode;
  initial?: Service;
  /** The edit form's working copy and restart (after a restore, a discard, a conflict's Reload). */
  edit?: { draft: Draft | null; onRestart: (service: Service | null, draft: Draft | null | undefined) => void };
  save: (input: ServiceInput, ifMatch?: number) => Promise<Service>;
  /** After a live save; `published` when it was Publish changes. */
  onSaved: (published: boolean) => void;
}) {
  const list = useListLocation();
  const notify = useNotify();
  // The form opens on the working copy when there is one to go on from (see draftToOpen).
  const [opened] = useState(() => (live && edit ? draftToOpen(edit.draft, live) : null));
  const initial = live && opened ? { ...live, ...(opened.draft.snapshot as Partial<Service>) } : live;
  const versioned = useVersionedSave<Service | Draft>({
    version: versionOf(live),
    what: 'this service',
    fields: SERVICE_FIELDS,
    snapshotOf: (current) => (isDraft(current) ? current.snapshot : { title: current.title, about: current.about }),
  });
  const sent = useRef<ServiceInput>({ title: '', about: '' });
  const { bind, formError, saving, guard, form, values } = useForm<ServiceInput, Service | Draft>({
    initial: { title: initial?.title ?? '', about: initial?.about ?? '' },
    save: async (input): Promise<Service | Draft> => {
      sent.current = input;
      return live ? drafts.run(input as Snapshot, (ifMatch: number | undefined) => save(input, ifMatch)) : save(input);
    },
    // Save draft keeps the form open; the other saves go on to the list.
    stay: () => sent.current,
    onSaved: (reply) => {
      if (isDraft(reply)) {
        notify({ message: 'Draft saved' });
        return;
      }
      guard.release();
      onSaved(drafts.lastMode() === 'publish');
    },
    fallback: 'Sorry, the service could not be saved. Please try again.',
    logAs: 'Saving the service failed',
  });
  const drafts = useDraftActions<Service>({
    source: live ? serviceDraft(itemId(live)) : null,
    initial: edit?.draft ?? null,
    snapshot: values,
    // A service is live from its creation.
    published: live !== undefined,
    versioned,
    onReload: (current) => (isDraft(current) ? edit?.onRestart(null, current) : edit?.onRestart(current, undefined)),
    onDiscarded: () => edit?.onRestart(null, null),
  });

  return (
    <section className="screen">
      <PageHeader title={title} />
      {switcher}
      {opened && <DraftBanner draft={opened.draft} restored={opened.restored} onDiscard={drafts.askDiscard} />}
      <form {...form} className="form" aria-label={title}>
        <TextField label="Title" hint="Up to 200 characters." {...bind('title')} autoComplete="off" />
        <TextAreaField label="About" hint="Up to 5,000 characters." {...bind('about')} rows={8} />
        {formError && <Alert>{formError}</Alert>}
        <FormActions submit={title} busy={saving} cancelTo={list} onCancel={guard.release}>
          {drafts.buttons}
        </FormActions>
        {live && drafts.status}
      </form>
      {guard.dialog}
      {versioned.dialog}
      {drafts.dialog}
    </section>
  );
}
