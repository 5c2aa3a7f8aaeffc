import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { itemId, type Identified } from '../lib/api';
import { previewPath } from '../lib/site-address';
import { formatSiteTime } from '../lib/site-time';
import { publicStateOf, PublishControl } from './PublishControl';
import { SendBack, type ReviewState } from './ReviewParts';

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

/** What a save said: the toast's words, and whether the form is done with (submitted for review: back to the list). */
export interface SavedNote {
  message: string;
  leave: boolean;
}

/**
 * The review step of the item's kind (issue #39): `submit` sends an author's item (or its working
 * copy) to the editors (POST …/:id/submit) and answers it; `sendBack` returns a submitted one to
 * its author with a note (POST …/:id/return).
 */
export interface ReviewSteps<T> {
  submit: (id: string) => Promise<T>;
  sendBack: (id: string, note: string) => Promise<unknown>;
}

/** The draft actions the flow asks to save into a published item's working copy (useDraftActions). */
interface DraftSaves {
  submitAs: (how: 'draft', form: HTMLFormElement | null) => void;
  lastMode: () => string;
  /** Save draft, Publish changes, Discard: shown after Publish…, before the review's buttons. */
  buttons?: ReactNode;
}

/**
 * The writing flow of an editor with a public page (an article, a page; issue #38 item 3): a new
 * item starts as a draft, Save stays on the form, Preview opens the draft's page at the preview's
 * address (saved first; issue #42: the server's own page, for signed-in administrators alone), and Publish… with "Now" or "Schedule for…" or Unpublish changes its state with
 * the form's own save. `noun` names the item in the toasts ("News published", "Page published").
 *
 * With `review` (issue #39), one who may not publish gets "Submit for review" instead: the form's
 * own save, then the submission, then back to the list; one who may publish gets "Send back" on a
 * submitted item.
 */
export function useWritingFlow<T = unknown>({
  noun,
  sitePath,
  review,
}: {
  noun: string;
  sitePath: (slug: string) => string;
  review?: ReviewSteps<T>;
}) {
  // What the save on its way was asked for: Publish… or Unpublish (a state change), Preview (a tab to open once saved).
  const change = useRef<StateChange>(null);
  const previewTab = useRef<Window | null>(null);
  // "Submit for review": the save on its way is followed by the submission.
  const submitting = useRef(false);

  return {
    /** The values a save sends: the typed ones, with the state Publish… or Unpublish asked for. */
    apply<V extends { status: 'draft' | 'published'; publishAt: string }>(typed: V): V {
      const asked = change.current;
      return asked ? { ...typed, status: asked.status, publishAt: asked.publishAt ?? '' } : typed;
    },

    /**
     * After the save itself (the item, or a live one's working copy): the submission, when "Submit
     * for review" asked for it (`id`: the item's). A refused submission fails the save.
     */
    async submitIfAsked<R>(saved: R, id: () => string): Promise<R | T> {
      if (!submitting.current || !review) return saved;
      return review.submit(id());
    },

    /** A save failed: the state change and the submission are forgotten (the next click says again what it is), the preview's tab closed. */
    failed() {
      change.current = null;
      submitting.current = false;
      previewTab.current?.close();
      previewTab.current = null;
    },

    /**
     * A save succeeded: the preview's tab goes to the item's page at the preview's address
     * (`shown`: the page the working copy is previewed on), and the answer is the toast's words
     * (and, after a submission, that the form is done with).
     */
    saved(reply: Saved, { shown, created, lastMode }: { shown?: string; created: boolean; lastMode: string }): SavedNote {
      const asked = change.current;
      change.current = null;
      const tab = previewTab.current;
      previewTab.current = null;
      if (submitting.current) {
        submitting.current = false;
        tab?.close();
        return { message: 'Submitted for review', leave: true };
      }
      const stay = (message: string) => ({ message, leave: false });
      if (reply.draft) {
        if (tab && shown !== undefined) tab.location.href = previewPath(sitePath(shown));
        return stay('Draft saved');
      }
      if (tab) tab.location.href = previewPath(sitePath(reply.slug));
      if (asked?.status === 'published')
        return stay(
          publicStateOf(reply) === 'scheduled' ? `${noun} scheduled for ${formatSiteTime(reply.publishAt!)}` : `${noun} published`,
        );
      if (asked?.status === 'draft') return stay(`${noun} unpublished: it is a draft again`);
      if (lastMode === 'publish') return stay('Changes published');
      return stay(created ? `${noun} created` : `${noun} updated`);
    },

    /**
     * The form's own actions besides Save: Preview, and Publish… for a draft or Unpublish for a
     * scheduled or published item. Preview shows the item's real page in a new tab, as a signed-in
     * administrator sees it (marked). Unsaved changes are saved first: a draft's as its Save does,
     * a published item's into its working copy (Save draft). The tab opens at once (a tab opened
     * after the save would be blocked). With `review`: "Submit for review" for one who may not
     * publish, "Send back" for one who may, on a submitted item (`onLeave`: then the form is done with).
     */
    actions({
      live,
      dirty,
      saving,
      form,
      drafts,
      publish = true,
      onLeave,
    }: {
      live: (Publishable & Partial<ReviewState> & Identified) | undefined;
      dirty: boolean;
      saving: boolean;
      form: RefObject<HTMLFormElement | null>;
      drafts: DraftSaves;
      /** The account's role may publish (GET /api/admins/me's `can`): else Preview only, no Publish… or Unpublish. */
      publish?: boolean;
      /** Sent back: the toast's words; the screen releases its unsaved-changes guard and goes back to its list. */
      onLeave?: (message: string) => void;
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
          {drafts.buttons}
          {review && !publish && (
            <button
              type="button"
              className="button"
              onClick={() => {
                // Through the form's one save (its refusals, sign-in again), as Save draft does.
                const element = form.current;
                if (!element || saving || element.getAttribute('aria-busy') === 'true') return;
                submitting.current = true;
                element.requestSubmit();
              }}
            >
              Submit for review
            </button>
          )}
          {review && publish && live?.review === 'submitted' && (
            <SendBack
              onSend={async (note) => {
                await review.sendBack(itemId(live), note);
                onLeave?.('Sent back to the author');
              }}
            />
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
