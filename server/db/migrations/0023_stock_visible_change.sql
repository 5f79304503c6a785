-- Orders stop emptying the visitors' caches (ADR 035, issue 14). Shoppers' answers report a
-- variant's stock only up to PUBLIC_STOCK_CAP (common/catalogue/stock.ts: 6), so an UPDATE of
-- product_variants notifies 'suki_catalogue' (migration 0009) only when something they can see
-- changed: any column but the stock, or the stock as capped. An order that takes a variant from
-- 40 to 39 notifies nothing; from 6 to 5 ("Only 5 left") or from 1 to 0 (sold out) it does.
-- Identical notifications in one transaction arrive as one, so a row-level trigger costs no
-- more than one per statement. Inserts, deletes and truncates notify as before.
DROP TRIGGER IF EXISTS product_variants_catalogue_change ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_catalogue_change AFTER INSERT OR DELETE OR TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER product_variants_visible_change AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN (
    to_jsonb(OLD) - 'stock_quantity' IS DISTINCT FROM to_jsonb(NEW) - 'stock_quantity'
    OR LEAST(OLD.stock_quantity, 6) IS DISTINCT FROM LEAST(NEW.stock_quantity, 6)
  )
  EXECUTE FUNCTION notify_catalogue_change();
