-- The search reads a narrow table (docs/decisions/056-product-search-table.md): one row per
-- published product with its weighted words and the length of its brand + name, instead of the
-- generated search_vector inside products' ~1.3 KB rows. Same words, same weights, so the same
-- matches, ranks and order. Triggers on products keep it in the statement that changes a product.
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"name_length" integer NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The words searched, weighted: brand + name (A), category path (B), description (C). The
-- expression products.search_vector was generated with until now.
CREATE OR REPLACE FUNCTION product_search_vector(search_name text, search_category text, description text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', coalesce(search_name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(search_category, '')), 'B')
    || setweight(to_tsvector('english', coalesce(description, '')), 'C')
$$;
--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "name_length", "search_vector")
  SELECT id, length(search_name), search_vector FROM products WHERE is_published;
--> statement-breakpoint
CREATE INDEX "product_search_vector_idx" ON "product_search" USING gin ("search_vector");--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
-- Products inserted (one statement may insert thousands: the seed, a bulk import): their
-- published rows, set-based.
CREATE OR REPLACE FUNCTION product_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, name_length, search_vector)
    SELECT id, length(search_name), product_search_vector(search_name, search_category, description)
    FROM inserted_products WHERE is_published;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT
  EXECUTE FUNCTION product_search_inserted();
--> statement-breakpoint
-- A product published, unpublished, or whose searched text changed: its row written again or
-- removed. Other updates (prices, flags, stock) leave product_search alone.
CREATE OR REPLACE FUNCTION product_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_published THEN
    INSERT INTO product_search (product_id, name_length, search_vector)
      VALUES (NEW.id, length(NEW.search_name), product_search_vector(NEW.search_name, NEW.search_category, NEW.description))
      ON CONFLICT (product_id) DO UPDATE SET name_length = EXCLUDED.name_length, search_vector = EXCLUDED.search_vector;
  ELSE
    DELETE FROM product_search WHERE product_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_update AFTER UPDATE OF is_published, search_name, search_category, description ON products
  FOR EACH ROW
  WHEN ((OLD.is_published, OLD.search_name, OLD.search_category, OLD.description)
    IS DISTINCT FROM (NEW.is_published, NEW.search_name, NEW.search_category, NEW.description))
  EXECUTE FUNCTION product_search_updated();
