-- Each product's review sum and count and its units sold, kept on products by triggers
-- (docs/decisions/057-product-rankings.md), so the "best rated" and "best selling" orders are read
-- from an index in order, as the newest is (migration 0036), instead of joining every product's
-- aggregate and sorting every match. Triggers, not the services, keep them: every write of a
-- review or an order counts (a re-review's upsert, the privacy erasure, a product's cascade, the
-- seeds' and the bench's bulk inserts), each row's OLD and NEW are exact, and the additions take
-- the product's row lock, so two buyers or reviewers at once both count.
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- As avg(rating)::float8 gives it (numeric division), so the order is the one the join gave.
ALTER TABLE "products" ADD COLUMN "rating_average" double precision GENERATED ALWAYS AS (CASE WHEN review_count = 0 THEN 0 ELSE (rating_sum::numeric / review_count)::float8 END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "rating_sum" = r.total, "review_count" = r.n
  FROM (SELECT product_id, sum(rating)::int AS total, count(*)::int AS n FROM reviews GROUP BY product_id) r
  WHERE r.product_id = p.id;--> statement-breakpoint
UPDATE "products" p SET "units_sold" = u.units
  FROM (SELECT l.product_id, sum(l.quantity)::int AS units FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.status NOT IN ('CANCELED', 'REJECTED') GROUP BY l.product_id) u
  WHERE u.product_id = p.id;--> statement-breakpoint
-- A review added, changed (its rating or product) or removed moves its product's sum and count.
CREATE OR REPLACE FUNCTION reviews_keep_product_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id THEN
    IF OLD.rating IS DISTINCT FROM NEW.rating THEN
      UPDATE products SET rating_sum = rating_sum - OLD.rating + NEW.rating WHERE id = NEW.product_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET rating_sum = rating_sum - OLD.rating, review_count = review_count - 1 WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE products SET rating_sum = rating_sum + NEW.rating, review_count = review_count + 1 WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_product_rating AFTER INSERT OR UPDATE OF rating, product_id OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_product_rating();--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_truncated_product_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET rating_sum = 0, review_count = 0 WHERE review_count <> 0 OR rating_sum <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_product_rating_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_truncated_product_rating();--> statement-breakpoint
-- A line of an order that counts (not cancelled or rejected) adds its units; a removed one takes
-- them back. An order is placed with its lines in one statement: the trigger runs after it and
-- sees the order.
CREATE OR REPLACE FUNCTION order_lines_keep_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET units_sold = units_sold - OLD.quantity
      WHERE id = OLD.product_id AND EXISTS (SELECT 1 FROM orders o WHERE o.id = OLD.order_id AND o.status NOT IN ('CANCELED', 'REJECTED'));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE products SET units_sold = units_sold + NEW.quantity
      WHERE id = NEW.product_id AND EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND o.status NOT IN ('CANCELED', 'REJECTED'));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_units_sold AFTER INSERT OR UPDATE OF quantity, product_id, order_id OR DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_lines_keep_units_sold();--> statement-breakpoint
-- An order cancelled or rejected takes its lines' units back (and gives them again if it were
-- ever reopened). Products in id order, as the checkout locks their variants, so two orders
-- closing at once never wait on each other in opposite orders.
CREATE OR REPLACE FUNCTION orders_keep_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := CASE WHEN NEW.status IN ('CANCELED', 'REJECTED') THEN -1 ELSE 1 END;
  line record;
BEGIN
  FOR line IN SELECT product_id, sum(quantity)::int AS units FROM order_lines WHERE order_id = NEW.id GROUP BY product_id ORDER BY product_id LOOP
    UPDATE products SET units_sold = units_sold + sign * line.units WHERE id = line.product_id;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_units_sold AFTER UPDATE OF status ON orders FOR EACH ROW
  WHEN ((OLD.status IN ('CANCELED', 'REJECTED')) IS DISTINCT FROM (NEW.status IN ('CANCELED', 'REJECTED')))
  EXECUTE FUNCTION orders_keep_units_sold();--> statement-breakpoint
-- An order deleted with its lines (the lines' cascade runs after the order's row is gone, so
-- their trigger no longer sees it): its units go back first.
CREATE OR REPLACE FUNCTION orders_deleted_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line record;
BEGIN
  IF OLD.status NOT IN ('CANCELED', 'REJECTED') THEN
    FOR line IN SELECT product_id, sum(quantity)::int AS units FROM order_lines WHERE order_id = OLD.id GROUP BY product_id ORDER BY product_id LOOP
      UPDATE products SET units_sold = units_sold - line.units WHERE id = line.product_id;
    END LOOP;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_units_sold_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_deleted_units_sold();--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_lines_truncated_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET units_sold = 0 WHERE units_sold <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_units_sold_truncate AFTER TRUNCATE ON order_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_lines_truncated_units_sold();--> statement-breakpoint
-- The counts are not the product's own change (migration 0031): a review already starts a new
-- catalogue generation (reviews_catalogue_change), and an order must not empty the product's
-- answers and pages (ADR 053), as it never did. The best-selling listing's cached pages follow
-- units sold as they did before: at their time to live.
DROP TRIGGER IF EXISTS products_own_change ON products;--> statement-breakpoint
CREATE TRIGGER products_own_change AFTER UPDATE ON products FOR EACH ROW
  WHEN (
    (OLD.category_id, OLD.brand_id, OLD.product_type_id, OLD.is_published, OLD.min_price, OLD.slug)
    IS NOT DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.product_type_id, NEW.is_published, NEW.min_price, NEW.slug)
    AND to_jsonb(OLD) - '{rating_sum,review_count,rating_average,units_sold}'::text[]
      IS DISTINCT FROM to_jsonb(NEW) - '{rating_sum,review_count,rating_average,units_sold}'::text[]
  )
  EXECUTE FUNCTION notify_product_change();--> statement-breakpoint
CREATE INDEX "products_published_rating_idx" ON "products" USING btree ("rating_average","review_count","id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_published_units_sold_idx" ON "products" USING btree ("units_sold","id") WHERE "products"."is_published";
