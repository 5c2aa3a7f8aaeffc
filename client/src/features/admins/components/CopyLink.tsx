import { useId, useState } from 'react';

/**
 * A one-time link to hand over by chat: shown once (the server keeps only its hash), read-only,
 * with a Copy button. `what` says what the link does and how long it works.
 */
export function CopyLink({ link, what }: { link: string; what: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Without clipboard access (an http:// page, a refused permission) the field stays selected to copy by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="field copy-link">
      <label htmlFor={id}>One-time link</label>
      <p className="form__hint" id={`${id}-hint`}>
        {what} It works once and is shown only now: copy it and send it to them in a private chat.
      </p>
      <div className="copy-link__row">
        <input id={id} readOnly value={link} aria-describedby={`${id}-hint`} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
