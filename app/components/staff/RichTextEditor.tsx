// The back office's rich-text editor for content pages: a contenteditable area with a small
// toolbar (headings, bold, italic, lists, links) and an HTML view, no library. Its output goes
// in a hidden input; the server sanitises it again before storing (content.service.ts). Pasted
// text arrives as plain text, and HTML typed in the HTML view is cleaned to the same allow list
// in an inert document before it enters the page, so nothing pasted runs in staff's browser.
import { useId, useRef, useState } from 'react';
import { CONTENT_ALLOWED_ATTRIBUTES, CONTENT_ALLOWED_SCHEMES, CONTENT_ALLOWED_TAGS } from '../../../common/content/content-rules';

const TAGS = new Set<string>(CONTENT_ALLOWED_TAGS);
const SCHEME = new RegExp(`^(${CONTENT_ALLOWED_SCHEMES.join('|')}):`, 'i');

/** Keeps only the allowed tags and attributes (a tag not allowed is replaced by its text). */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walk = (node: Element) => {
    for (const child of [...node.children]) {
      const tag = child.tagName.toLowerCase();
      if (!TAGS.has(tag)) {
        if (tag === 'script' || tag === 'style' || tag === 'iframe' || tag === 'object') child.remove();
        else child.replaceWith(...child.childNodes);
        continue;
      }
      const allowed = CONTENT_ALLOWED_ATTRIBUTES[tag] ?? [];
      for (const attr of [...child.attributes]) {
        const keep = allowed.includes(attr.name) && (attr.name !== 'href' || SCHEME.test(attr.value) || attr.value.startsWith('/') || attr.value.startsWith('#'));
        if (!keep) child.removeAttribute(attr.name);
      }
      walk(child);
    }
  };
  // Replacing a node moves its children up: walk again until nothing changes.
  let before = '';
  while (before !== doc.body.innerHTML) {
    before = doc.body.innerHTML;
    walk(doc.body);
  }
  return doc.body.innerHTML;
}

type Tool = { label: string; command: string; value?: string };

const TOOLS: Tool[] = [
  { label: 'Heading', command: 'formatBlock', value: 'h2' },
  { label: 'Subheading', command: 'formatBlock', value: 'h3' },
  { label: 'Paragraph', command: 'formatBlock', value: 'p' },
  { label: 'Bold', command: 'bold' },
  { label: 'Italic', command: 'italic' },
  { label: 'Bulleted list', command: 'insertUnorderedList' },
  { label: 'Numbered list', command: 'insertOrderedList' },
  { label: 'Link', command: 'createLink' },
  { label: 'Remove link', command: 'unlink' },
  { label: 'Clear formatting', command: 'removeFormat' },
];

export function RichTextEditor({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState(defaultValue);
  const [sourceView, setSourceView] = useState(false);

  const sync = () => setHtml(area.current?.innerHTML ?? '');
  const exec = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    sync();
  };
  const runTool = (tool: Tool) => {
    if (tool.command !== 'createLink') return exec(tool.command, tool.value);
    const url = window.prompt('Link address (https://…, mailto:… or a shop path /…)');
    if (url && (SCHEME.test(url) || url.startsWith('/'))) exec('createLink', url);
  };

  const toggleSource = () => {
    if (sourceView) {
      const cleaned = cleanHtml(html);
      setHtml(cleaned);
      if (area.current) area.current.innerHTML = cleaned;
    } else {
      sync();
    }
    setSourceView(!sourceView);
  };

  return (
    <div className="rounded border border-gray-300 bg-white">
      <p id={`${id}-label`} className="border-b border-gray-200 px-3 py-2 text-sm font-medium">
        {label}
      </p>
      <div role="toolbar" aria-label={`${label} formatting`} className="flex flex-wrap gap-1 border-b border-gray-200 p-2">
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            disabled={sourceView}
            // Keep the selection in the text while the button is pressed.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => runTool(tool)}
            className="rounded border border-gray-300 px-2 py-1 text-sm hover:bg-gray-100 disabled:opacity-50"
          >
            {tool.label}
          </button>
        ))}
        <button type="button" onClick={toggleSource} aria-pressed={sourceView} className="ml-auto rounded border border-gray-300 px-2 py-1 text-sm hover:bg-gray-100">
          {sourceView ? 'Back to editor' : 'Edit HTML'}
        </button>
      </div>
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        tabIndex={0}
        contentEditable={!sourceView}
        suppressContentEditableWarning
        hidden={sourceView}
        onInput={sync}
        onBlur={sync}
        onPaste={(e) => {
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
          sync();
        }}
        className="min-h-64 space-y-3 p-3 focus:outline-2 focus:outline-blue-600 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
        // The stored page (sanitised on the server) is the starting text; React leaves it alone after.
        dangerouslySetInnerHTML={{ __html: defaultValue }}
      />
      {sourceView ? (
        <textarea
          aria-label={`${label} HTML`}
          value={html}
          onChange={(e) => setHtml(e.target.value)}
          className="block min-h-64 w-full p-3 font-mono text-sm"
        />
      ) : null}
      <input type="hidden" name={name} value={sourceView ? cleanHtml(html) : html} />
    </div>
  );
}
