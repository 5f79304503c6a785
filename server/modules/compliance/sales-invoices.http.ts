// The invoice PDFs and the sales book over HTTP (docs/decisions/052-sales-invoices.md):
//   /account/orders/<id>/invoice.pdf                    the order's sales invoice
//   /account/orders/<id>/credit-memos/<number>.pdf      one of its credit memos
//   /staff/sales-book.csv?month=YYYY-MM                 the month's sales book (MANAGE_ORDERS)
// A PDF goes to the order's owner and to staff with MANAGE_ORDERS, never cached on the way;
// everyone else gets the same 404 as for an order without an invoice.
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import pino from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readToken, type ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { resolveSessionUser } from '../accounts/session';
import { creditMemoPdf, salesInvoicePdf } from './invoice-pdf';
import { SALES_BOOK_MESSAGES, salesBook, salesBookCsv } from './sales-book.service';
import { viewerInvoiceRecord } from './sales-invoices.service';

export const INVOICE_CACHE_CONTROL = 'private, no-store';

type Deps = { db: Database; config: Config; log?: pino.Logger };

async function requestContext(deps: Deps, req: Request): Promise<ServiceContext | null> {
  const token = readToken({ get: (name) => req.get(name) ?? null });
  const user = token ? await resolveSessionUser(deps.db, token, deps.config.jwtSecret) : null;
  if (!user) return null;
  return { db: deps.db, config: deps.config, user, log: deps.log ?? pino({ level: 'silent' }), requestId: randomUUID() };
}

/** The order's number from the URL: as the emails link it, or the API's global id (base64 of 'Order:<n>'). */
export function orderIdOf(param: string): number | null {
  if (/^\d{1,9}$/.test(param)) return Number(param);
  const decoded = /^[A-Za-z0-9+/=]{1,40}$/.test(param) ? Buffer.from(param, 'base64').toString('utf8') : '';
  const m = /^Order:(\d{1,9})$/.exec(decoded);
  return m ? Number(m[1]) : null;
}

const notFound = (res: Response) => void res.status(404).type('text/plain').send('Not found');

export function createSalesInvoicesRouter(deps: Deps): Router {
  const router = express.Router();
  const sendPdf = (res: Response, filename: string, bytes: Buffer) => {
    res.set({ 'content-type': 'application/pdf', 'content-length': String(bytes.length), 'content-disposition': `inline; filename="${filename}"` });
    res.end(bytes);
  };
  const recordFor = async (req: Request) => {
    const id = orderIdOf(String(req.params.id));
    if (id === null) return null;
    const ctx = await requestContext(deps, req);
    if (!ctx) return null;
    try {
      return await viewerInvoiceRecord(ctx, id);
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  };

  router.get('/account/orders/:id/invoice.pdf', async (req, res) => {
    res.set({ 'cache-control': INVOICE_CACHE_CONTROL, vary: 'Cookie, Authorization' });
    const record = await recordFor(req);
    if (!record) return notFound(res);
    sendPdf(res, `${record.invoice.number}.pdf`, await salesInvoicePdf(record));
  });

  router.get('/account/orders/:id/credit-memos/:number.pdf', async (req, res) => {
    res.set({ 'cache-control': INVOICE_CACHE_CONTROL, vary: 'Cookie, Authorization' });
    const record = await recordFor(req);
    const memo = record?.creditMemos.find((m) => m.number === req.params.number);
    if (!record || !memo) return notFound(res);
    sendPdf(res, `${memo.number}.pdf`, await creditMemoPdf(memo, record.invoice));
  });

  router.get('/staff/sales-book.csv', async (req, res) => {
    res.set({ 'cache-control': INVOICE_CACHE_CONTROL, vary: 'Cookie, Authorization' });
    const ctx = await requestContext(deps, req);
    if (!ctx) return notFound(res);
    const month = typeof req.query.month === 'string' ? req.query.month : '';
    try {
      const rows = await salesBook(ctx, month);
      res.set({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="sales-book-${month}.csv"` });
      res.send(salesBookCsv(rows));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // No permission answers as a missing page; a bad month says what to send.
      if (error.message === SALES_BOOK_MESSAGES.month) res.status(400).type('text/plain').send(error.message);
      else notFound(res);
    }
  });
  return router;
}
