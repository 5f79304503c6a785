import { useEffect, useState } from 'react';
import { COPY_TOAST_MS, COPY_TOAST_TEXT } from '../../../common/catalogue/display';

/** Share links (new windows, no scripts from the networks) and a copy-link button with a toast. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [toast, setToast] = useState(false);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(false), COPY_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${encoded}&text=${text}` },
    { name: 'Viber', href: `viber://forward?text=${text}%20${encoded}` },
    { name: 'Email', href: `mailto:?subject=${text}&body=${encoded}` },
  ];

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Clipboard refused (insecure context or permission): fall back to a hidden selection.
      const input = document.createElement('textarea');
      input.value = url;
      document.body.appendChild(input);
      input.select();
      document.execCommand('copy');
      input.remove();
    }
    setToast(true);
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-gray-700">Share:</span>
      {links.map((l) => (
        <a
          key={l.name}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded border border-gray-300 px-2 py-1 text-xs font-medium hover:bg-gray-50"
          aria-label={`Share on ${l.name}`}
        >
          {l.name}
        </a>
      ))}
      <button type="button" onClick={copy} className="rounded border border-gray-300 px-2 py-1 text-xs font-medium hover:bg-gray-50">
        Copy Link
      </button>
      <div role="status" aria-live="polite" className="w-full sm:w-auto">
        {toast ? <span className="rounded bg-gray-900 px-3 py-1 text-sm text-white">{COPY_TOAST_TEXT}</span> : null}
      </div>
    </div>
  );
}
