// An empty list: the rulebook's words as the title, a short explanation, and the next step.
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  children,
  action,
  as: Heading = 'p',
  compact = false,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  as?: 'p' | 'h2';
  /** Inside a panel (recent orders, reviews): less space and a smaller picture. */
  compact?: boolean;
}) {
  const icon = compact ? 40 : 56;
  return (
    <div className={`mx-auto max-w-md text-center ${compact ? 'py-4' : 'py-10'}`} data-testid="empty-state">
      <svg width={icon} height={icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" className="mx-auto text-gray-400">
        <path d="M3 7l9-4 9 4v10l-9 4-9-4z" />
        <path d="M3 7l9 4 9-4M12 11v10" />
      </svg>
      <Heading className={`mt-3 font-semibold text-gray-800 ${compact ? 'text-lg' : 'text-xl'}`}>{title}</Heading>
      <p className="mt-2 text-sm text-gray-700">{children}</p>
      {action ? <div className={`flex flex-wrap justify-center gap-2 ${compact ? 'mt-3' : 'mt-5'}`}>{action}</div> : null}
    </div>
  );
}
