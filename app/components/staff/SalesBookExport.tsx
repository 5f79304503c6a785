// The accountant's sales book: a month's sales invoices, credit memos and voids as CSV
// (/staff/sales-book.csv, MANAGE_ORDERS; docs/product/invoices.md).
export function SalesBookExport({ defaultMonth }: { defaultMonth: string }) {
  return (
    <form method="get" action="/staff/sales-book.csv" className="flex flex-wrap items-end gap-2 text-sm" data-sales-book>
      <label className="flex flex-col">
        <span className="font-semibold">Sales book month</span>
        <input type="month" name="month" defaultValue={defaultMonth} required pattern="\d{4}-\d{2}" className="rounded border border-gray-300 px-2 py-1" />
      </label>
      <button type="submit" className="rounded border border-gray-300 bg-white px-3 py-1 font-semibold hover:bg-gray-50">
        Download sales book (CSV)
      </button>
    </form>
  );
}

/** This month in Asia/Manila as YYYY-MM. */
export function currentManilaMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit' }).format(now);
}
