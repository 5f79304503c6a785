// Shapes the back office's catalogue screens share with their actions.

/** What a product screen's action answers: its intent, the row it concerns, the outcome, and a refused form's values. */
export type ProductActionResult = {
  intent: string;
  /** The row the result belongs to (a variant or image id), for inline forms. */
  target: string | null;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};
