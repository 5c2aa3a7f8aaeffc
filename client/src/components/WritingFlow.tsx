import { useEffect, useRef, type RefObject } from 'react';
import { previewPath } from '../lib/site-address';
import { formatSiteTime } from '../lib/site-time';
import { publicStateOf, PublishControl } from './PublishControl';

/** What the save after Publish… or Unpublish does to the item's state; null: the form's Save. */
export type StateChange = { status: 'published'; publishAt: string | null } | { status: 'draft'; publishAt: null } | null;

/** The part of an item the writing flow reads: where its public page is, and what visitors see of it. */
interface Publishable {
  slug: string;
  status: 'draft' | 'published';
  publishAt: string | null;
}

/** What the form's Save said of the reply: a working copy (Save draft), or the item itself. */
type Saved = { draft: true } | ({ draft: false } & Publishable);

/** The draft actions the flow asks to save into a published item's working copy (useDraftActions). */
interface DraftSaves {
  submitAs: (how: 'draft', form: HTMLFormElement | null) => void;
  lastMode: () => string;
}

/**
 * The writing flow of an editor with a public page (an article, a page; issue #38 item 3): a new
 * item starts as a draft, Save stays on the form, Preview opens the draft's page at the preview's
 * address (saved first; issue #42: the server's own page, for signed-in administrators alone), and Publish… with "Now" or "Schedule for…" or Unpublish changes its state with
 * the form's own save. `noun` names the item in the toasts ("News published", "Page published").
 */
export function useWritingFlow({ noun, sitePath }: { noun: string; sitePath: (slug: string) => string }) {
  // What the save on its way was asked for: Publish… or Unpublish (a state change), Preview (a tab to open once saved).
  const change = useRef<StateChange>(null);
  const previewTab = useRef<Window | null>(null);

  return {
    /** The values a save sends: the typed ones, with the state Publish… or Unpublish asked for. */
    apply<V extends { status: 'draft' | 'published'; publishAt: string }>(typed: V): V {
      const asked = change.current;
      return asked ? { ...typed, status: asked.status, publishAt: asked.publishAt ?? '' } : typed;
    },

    /** A save failed: the state change is forgotten, and the preview's tab closed. */
    failed() {
      change.current = null;
      previewTab.current?.close();
      previewTab.current = null;
    },

    /**
     * A save succeeded: the preview's tab goes to the item's page at the preview's address
     * (`shown`: the page the working copy is previewed on), and the answer is the toast's words.
     */
    saved(reply: Saved, { shown, created, lastMode }: { shown?: string; created: boolean; lastMode: string }): string {
      const asked = change.current;
      change.current = null;
      const tab = previewTab.current;
      previewTab.current = null;
      if (reply.draft) {
        if (tab && shown !== undefined) tab.location.href = previewPath(sitePath(shown));
        return 'Draft saved';
      }
      if (tab) tab.location.href = previewPath(sitePath(reply.slug));
      if (asked?.status === 'published')
        return publicStateOf(reply) === 'scheduled' ? `${noun} scheduled for ${formatSiteTime(reply.publishAt!)}` : `${noun} published`;
      if (asked?.status === 'draft') return `${noun} unpublished: it is a draft again`;
      if (lastMode === 'publish') return 'Changes published';
      return created ? `${noun} created` : `${noun} updated`;
    },

    /**
     * The form's own actions besides Save: Preview, and Publish… for a draft or Unpublish for a
     * scheduled or published item. Preview shows the item's real page in a new tab, as a signed-in
     * administrator sees it (marked). Unsaved changes are saved first: a draft's as its Save does,
     * a published item's into its working copy (Save draft). The tab opens at once (a tab opened
     * after the save would be blocked).
     */
    actions({
      live,
      dirty,
      saving,
      form,
      drafts,
      publish = true,
    }: {
      live: Publishable | undefined;
      dirty: boolean;
      saving: boolean;
      form: RefObject<HTMLFormElement | null>;
      drafts: DraftSaves;
      /** The account's role may publish (GET /api/admins/me's `can`): else Preview only, no Publish… or Unpublish. */
      publish?: boolean;
    }) {
      /** Sends the form as its Save does, after Publish… or Unpublish say what the save changes. */
      const submitWith = (next: StateChange) => {
        const element = form.current;
        if (!element || saving) return;
        change.current = next;
        element.requestSubmit();
      };
      const preview = () => {
        if (saving) return;
        if (live && !dirty) {
          window.open(previewPath(sitePath(live.slug)), '_blank', 'noopener');
          return;
        }
        const tab = window.open('', '_blank');
        // The tab is the site's, not the panel's: it gets no hold on this window.
        if (tab) tab.opener = null;
        previewTab.current = tab;
        if (live?.status === 'published') drafts.submitAs('draft', form.current);
        else submitWith(null);
      };
      return (
        <>
          <button type="button" className="button" onClick={preview}>
            Preview<span className="visually-hidden"> (opens in a new tab)</span>
          </button>
          {!publish ? null : (live ? publicStateOf(live) : 'draft') === 'draft' ? (
            <PublishControl busy={saving} onPublish={(publishAt) => submitWith({ status: 'published', publishAt })} />
          ) : (
            <button type="button" className="button" onClick={() => submitWith({ status: 'draft', publishAt: null })}>
              Unpublish
            </button>
          )}
        </>
      );
    },
  };
}

/** After its own save the form starts again with the focus back on Save, where the keyboard left it. */
export function useFocusSaveOnStart(afterSave: boolean, form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    if (afterSave) form.current?.querySelector<HTMLElement>('[type="submit"]')?.focus();
    // Once, as the form starts again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
