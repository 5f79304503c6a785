// The back office's status badge: the status in words on a colour that says what it means
// (common/orders/status-tone.ts), on one line. Text and background pass WCAG AA contrast.
import { statusTone, type StatusTone } from '../../../common/orders/status-tone';

const TONE_CLASSES: Record<StatusTone, string> = {
  waiting: 'bg-amber-100 text-amber-900 ring-amber-300',
  progress: 'bg-sky-100 text-sky-900 ring-sky-300',
  attention: 'bg-orange-100 text-orange-900 ring-orange-300',
  done: 'bg-green-100 text-green-900 ring-green-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  closed: 'bg-gray-100 text-gray-800 ring-gray-300',
};

export function StatusBadge({ kind, code, label, testId }: { kind: 'order' | 'payment'; code: string | null | undefined; label: string; testId?: string }) {
  if (!label) return null;
  return (
    <span
      data-testid={testId}
      data-tone={statusTone(kind, code)}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[statusTone(kind, code)]}`}
    >
      {label}
    </span>
  );
}
