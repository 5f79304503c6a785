// The order actions' secondary button, shared by the buttons and their lazily loaded dialogs.
export const secondaryButton = 'rounded-md border border-gray-400 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60';
