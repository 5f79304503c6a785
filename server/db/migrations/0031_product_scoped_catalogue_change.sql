-- A change to one product empties only what shows it (docs/decisions/053-product-scoped-invalidation.md).
-- Until now every committed change to a catalogue table notified 'suki_catalogue' with the table's
-- name, and every process then dropped every visitor answer and stored page (a new generation,
-- migration 0009). Two row changes now say which product they touch instead:
-- - a variant whose stock alone changed as shoppers see it (capped at 6, migration 0023):
--   'product_variants:<product id>:<variant id>'. No listing filters or orders by stock, so only
--   the answers and pages that show this product or variant change;
-- - a product whose own columns changed but not those that place it among the others (category,
--   brand, type, publication, lowest price, address): 'products:<product id>'. Its answers and
--   pages change, and any listing or search may (its name, featured flag, words...).
-- Every other change (an insert, a delete, a variant's price or name, a product moved or
-- unpublished, any other table) still notifies the table's name: a new generation, as before.
-- Identical notifications in one transaction arrive as one.
CREATE OR REPLACE FUNCTION notify_product_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'product_variants' THEN
    PERFORM pg_notify('suki_catalogue', 'product_variants:' || NEW.product_id || ':' || NEW.id);
  ELSE
    PERFORM pg_notify('suki_catalogue', 'products:' || NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_variants_visible_change ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_visible_change AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'stock_quantity' IS DISTINCT FROM to_jsonb(NEW) - 'stock_quantity')
  EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER product_variants_visible_stock_change AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN (
    to_jsonb(OLD) - 'stock_quantity' IS NOT DISTINCT FROM to_jsonb(NEW) - 'stock_quantity'
    AND LEAST(OLD.stock_quantity, 6) IS DISTINCT FROM LEAST(NEW.stock_quantity, 6)
  )
  EXECUTE FUNCTION notify_product_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_catalogue_change ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_change AFTER INSERT OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_placing_change AFTER UPDATE ON products FOR EACH ROW
  WHEN (
    (OLD.category_id, OLD.brand_id, OLD.product_type_id, OLD.is_published, OLD.min_price, OLD.slug)
    IS DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.product_type_id, NEW.is_published, NEW.min_price, NEW.slug)
  )
  EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_own_change AFTER UPDATE ON products FOR EACH ROW
  WHEN (
    (OLD.category_id, OLD.brand_id, OLD.product_type_id, OLD.is_published, OLD.min_price, OLD.slug)
    IS NOT DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.product_type_id, NEW.is_published, NEW.min_price, NEW.slug)
    AND to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW)
  )
  EXECUTE FUNCTION notify_product_change();
