-- Each product's review sum and count, kept on products by triggers on reviews
-- (docs/decisions/057-product-rankings.md), so the "best rated" order is read from an index in
-- order, as the newest is (migration 0036), instead of joining every product's review aggregate
-- and sorting every match. Triggers, not the services, keep them: every write of a review counts
-- (a re-review's upsert, the privacy erasure, a product's cascade, the seeds' bulk inserts),
-- each row's OLD and NEW are exact, and the additions take the product's row lock, so two
-- reviews at once both count. Units sold stay on the order lines (ADR 057: the checkout's cost).
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- As avg(rating)::float8 gives it (numeric division), so the order is the one the join gave.
ALTER TABLE "products" ADD COLUMN "rating_average" double precision GENERATED ALWAYS AS (CASE WHEN review_count = 0 THEN 0 ELSE (rating_sum::numeric / review_count)::float8 END) STORED NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "rating_sum" = r.total, "review_count" = r.n
  FROM (SELECT product_id, sum(rating)::int AS total, count(*)::int AS n FROM reviews GROUP BY product_id) r
  WHERE r.product_id = p.id;--> statement-breakpoint
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
-- The review sum and count are not the product's own change (migration 0031): a review already
-- starts a new catalogue generation (reviews_catalogue_change), so a second notification for the
-- product would only repeat it.
DROP TRIGGER IF EXISTS products_own_change ON products;--> statement-breakpoint
CREATE TRIGGER products_own_change AFTER UPDATE ON products FOR EACH ROW
  WHEN (
    (OLD.category_id, OLD.brand_id, OLD.product_type_id, OLD.is_published, OLD.min_price, OLD.slug)
    IS NOT DISTINCT FROM (NEW.category_id, NEW.brand_id, NEW.product_type_id, NEW.is_published, NEW.min_price, NEW.slug)
    AND to_jsonb(OLD) - '{rating_sum,review_count,rating_average}'::text[]
      IS DISTINCT FROM to_jsonb(NEW) - '{rating_sum,review_count,rating_average}'::text[]
  )
  EXECUTE FUNCTION notify_product_change();--> statement-breakpoint
CREATE INDEX "products_published_rating_idx" ON "products" USING btree ("rating_average","review_count","id") WHERE "products"."is_published";
