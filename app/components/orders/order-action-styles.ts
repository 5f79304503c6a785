// The order actions' secondary button, shared by the buttons and their lazily loaded dialogs.
export const secondaryButton = 'rounded-md border border-gray-400 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-60';
