-- Each product's units sold kept on products, so the "best selling" order is read from an index in
-- order, as best rated is (migration 0037), instead of joining every product's units from the
-- order lines and sorting every match (docs/decisions/058-units-sold-folded-by-a-job.md). Kept
-- off the checkout's transaction: triggers on orders and order lines only append narrow rows to
-- product_units_sold_changes (no index, no foreign key: a checkout neither updates nor locks a
-- product's row for them), and a job folds them into products.units_sold (units-sold.ts). The
-- triggers, not the services, record: every write of an order counts, including the seeds', the
-- bench's bulk inserts and a cascade's.
CREATE TABLE "product_units_sold_changes" (
	"product_id" integer NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "units_sold" = u.units
  FROM (SELECT l.product_id, sum(l.quantity)::int AS units FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.status NOT IN ('CANCELED', 'REJECTED') GROUP BY l.product_id) u
  WHERE u.product_id = p.id;--> statement-breakpoint
-- Lines placed: one statement's lines at once (an order is placed with its lines in one
-- statement; this runs after it and sees the order). Lines of an order that does not count
-- (cancelled or rejected) add nothing.
CREATE OR REPLACE FUNCTION order_lines_placed_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_units_sold_changes (product_id, units)
    SELECT l.product_id, l.quantity FROM placed_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.status NOT IN ('CANCELED', 'REJECTED');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_units_sold_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS placed_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_placed_units_sold();--> statement-breakpoint
-- A line changed (its quantity, product or order) or removed: its old units back, its new ones in.
CREATE OR REPLACE FUNCTION order_lines_changed_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_units_sold_changes (product_id, units)
    SELECT OLD.product_id, -OLD.quantity
    WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = OLD.order_id AND o.status NOT IN ('CANCELED', 'REJECTED'));
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO product_units_sold_changes (product_id, units)
      SELECT NEW.product_id, NEW.quantity
      WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND o.status NOT IN ('CANCELED', 'REJECTED'));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_units_sold_change AFTER UPDATE OF quantity, product_id, order_id OR DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_lines_changed_units_sold();--> statement-breakpoint
-- An order cancelled or rejected takes its lines' units back (and gives them again if it is
-- ever reopened).
CREATE OR REPLACE FUNCTION orders_status_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_units_sold_changes (product_id, units)
    SELECT product_id, CASE WHEN NEW.status IN ('CANCELED', 'REJECTED') THEN -quantity ELSE quantity END
    FROM order_lines WHERE order_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_units_sold AFTER UPDATE OF status ON orders FOR EACH ROW
  WHEN ((OLD.status IN ('CANCELED', 'REJECTED')) IS DISTINCT FROM (NEW.status IN ('CANCELED', 'REJECTED')))
  EXECUTE FUNCTION orders_status_units_sold();--> statement-breakpoint
-- An order deleted with its lines (the lines' cascade runs after the order's row is gone, so
-- their trigger no longer sees it): its units go back first.
CREATE OR REPLACE FUNCTION orders_deleted_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status NOT IN ('CANCELED', 'REJECTED') THEN
    INSERT INTO product_units_sold_changes (product_id, units)
      SELECT product_id, -quantity FROM order_lines WHERE order_id = OLD.id;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_units_sold_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_deleted_units_sold();--> statement-breakpoint
-- Every line gone at once: nothing sold, nothing left to fold.
CREATE OR REPLACE FUNCTION order_lines_truncated_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_units_sold_changes;
  UPDATE products SET units_sold = 0 WHERE units_sold <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_units_sold_truncate AFTER TRUNCATE ON order_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_truncated_units_sold();--> statement-breakpoint
-- Units sold are not the product's own change (migration 0031): the fold must not empty the
-- product's answers and pages (ADR 053), as an order never did. The best-selling listing's cached
-- pages follow units sold at their time to live, as before.
DROP TRIGGER IF EXISTS products_own_change ON products;--> statement-breakpoint
CREATE TRIGGER products_own_change AFTER UPDATE ON products FOR EACH ROW
  WHEN (
    (OLD.category_id, OLD.brand_id, OLD.product_type_id, OLD.is_published, OLD.min_price, OLD.slug)
    IS NOT DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.product_type_id, NEW.is_published, NEW.min_price, NEW.slug)
    AND to_jsonb(OLD) - '{rating_sum,review_count,rating_average,units_sold}'::text[]
      IS DISTINCT FROM to_jsonb(NEW) - '{rating_sum,review_count,rating_average,units_sold}'::text[]
  )
  EXECUTE FUNCTION notify_product_change();--> statement-breakpoint
CREATE INDEX "products_published_units_sold_idx" ON "products" USING btree ("units_sold","id") WHERE "products"."is_published";
