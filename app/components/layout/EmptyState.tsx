// An empty list: the spec's words as the title, a short explanation, and the next step.
import type { ReactNode } from 'react';

export function EmptyState({ title, children, action, as: Heading = 'p' }: { title: string; children: ReactNode; action: ReactNode; as?: 'p' | 'h2' }) {
  return (
    <div className="mx-auto max-w-md py-10 text-center" data-testid="empty-state">
      <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" className="mx-auto text-gray-400">
        <path d="M3 7l9-4 9 4v10l-9 4-9-4z" />
        <path d="M3 7l9 4 9-4M12 11v10" />
      </svg>
      <Heading className="mt-3 text-xl font-semibold text-gray-800">{title}</Heading>
      <p className="mt-2 text-sm text-gray-700">{children}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div>
    </div>
  );
}
