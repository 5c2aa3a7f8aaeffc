import { useState, type ComponentProps } from 'react';
import { errorMessage } from '../lib/api';
import { Alert } from './Alert';
import { MarkdownField as MarkdownText } from './MarkdownToolbar';
import './MarkdownField.css';

/**
 * A Markdown text with Write / Preview tabs (an article's About, a page's Body): Write is the text
 * with its formatting toolbar and shortcuts (MarkdownToolbar), Preview the server's rendering by
 * the public page's own rules (`render`, e.g. POST /api/news/preview).
 */
export function MarkdownField({
  label,
  hint,
  rows = 12,
  render,
  ...bound
}: ComponentProps<typeof MarkdownText> & { label: string; render: (text: string) => Promise<{ html: string }> }) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ html?: string; error?: string } | null>(null);
  const text = bound.value;
  const show = async (next: 'write' | 'preview') => {
    setTab(next);
    if (next !== 'preview') return;
    setPreview(null);
    try {
      setPreview({ html: (await render(text)).html });
    } catch (error) {
      setPreview({ error: errorMessage(error, 'Could not show the preview. Please try again.') });
    }
  };
  return (
    <div className="markdown-field">
      <div role="tablist" aria-label="Write or preview" className="markdown-field__tabs">
        <button type="button" role="tab" aria-selected={tab === 'write'} onClick={() => void show('write')}>
          Write
        </button>
        <button type="button" role="tab" aria-selected={tab === 'preview'} onClick={() => void show('preview')}>
          Preview
        </button>
      </div>
      <div role="tabpanel" hidden={tab !== 'write'}>
        <MarkdownText label={label} hint={hint} rows={rows} {...bound} />
      </div>
      {tab === 'preview' && (
        <div role="tabpanel" aria-label="Preview" className="markdown-field__preview" aria-busy={preview === null}>
          {preview === null && <p>Loading the preview</p>}
          {preview?.error && <Alert>{preview.error}</Alert>}
          {/* The server's rendering: raw HTML escaped, only http(s) and mailto links (server/common/markdown.ts). */}
          {preview?.html !== undefined && <div dangerouslySetInnerHTML={{ __html: preview.html }} />}
        </div>
      )}
    </div>
  );
}
